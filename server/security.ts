import { randomFillSync } from "node:crypto";
import type { Request as ExpressRequest, RequestHandler } from "express";
import helmet from "helmet";
import { sendRefusal } from "./refusal";

/**
 * Security headers. Scripts run only from our own origin or inline with this request's nonce (React
 * Router's hydration data); nothing may load from another origin.
 */
/*
 * Nonces are cut from a pool of random bytes filled 256 nonces at a time: one call into the CSPRNG
 * per response cost ~7 µs, more than the page cache needs for the rest of a hit. Each byte is used once.
 */
const noncePool = Buffer.alloc(16 * 256);
let noncePoolUsed = noncePool.length;

/** A fresh CSP nonce: 16 random bytes, base64 (always 24 characters; the page cache relies on it). */
export function createCspNonce(): string {
  if (noncePoolUsed === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolUsed = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolUsed, noncePoolUsed + 16);
  noncePoolUsed += 16;
  return nonce;
}

/**
 * `paymentPageOrigins`: where a payment form's redirect may lead (Paystack's hosted checkout). Chromium
 * applies `form-action` to the redirects that follow a form post too, so the card form's redirect to
 * Paystack needs its origin here: exactly that origin, nothing wider.
 */
type SecurityHeaderOptions = { isDevelopment: boolean; isHttps: boolean; paymentPageOrigins?: string[] };

/**
 * The security headers of a response with this CSP nonce, as [name, value] pairs. Helmet works them
 * out once, here, with a placeholder for the nonce: running helmet for every request rebuilt the same
 * strings each time (issue #22), and the answers sent before Express (/healthz) need them too.
 */
export function securityHeaderTemplate(options: SecurityHeaderOptions): (nonce: string) => [string, string][] {
  const placeholder = "csp-nonce-placeholder";
  const captured: [string, string][] = [];
  const recorder = {
    locals: { cspNonce: placeholder },
    setHeader: (name: string, value: string) => void captured.push([name, String(value)]),
    removeHeader: () => {}, // X-Powered-By: never set (the apps disable it)
  };
  let isDone = false;
  helmet(helmetOptions(options))({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    isDone = true;
  });
  if (!isDone) throw new Error("helmet did not set its headers synchronously");
  const withNonce = captured.filter(([, value]) => value.includes(placeholder));
  const fixed = captured.filter(([, value]) => !value.includes(placeholder));
  const [csp] = withNonce;
  if (withNonce.length > 1) throw new Error("more than one header carries the nonce");
  if (!csp) return () => fixed;
  const [before, after] = csp[1].split(placeholder);
  return (nonce) => [...fixed, [csp[0], before + nonce + after]];
}

/** Sets every response's security headers (securityHeaderTemplate) and its CSP nonce (`response.locals.cspNonce`). */
export function securityHeaders(headersWithNonce: ReturnType<typeof securityHeaderTemplate>): RequestHandler[] {
  const setSecurityHeaders: RequestHandler = (_request, response, next) => {
    const nonce = createCspNonce();
    response.locals.cspNonce = nonce;
    for (const [name, value] of headersWithNonce(nonce)) response.setHeader(name, value);
    next();
  };
  return [setSecurityHeaders, routeHeadersReplaceDefaults];
}

function helmetOptions({ isDevelopment, isHttps, paymentPageOrigins = [] }: SecurityHeaderOptions): Parameters<typeof helmet>[0] {
  const scriptSources = isDevelopment
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] // Vite's dev client and React refresh preamble
    : ["'self'", (_request: unknown, response: unknown) => `'nonce-${(response as { locals: { cspNonce: string } }).locals.cspNonce}'`];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...paymentPageOrigins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        scriptSrc: scriptSources,
        scriptSrcAttr: ["'none'"],
        // Our CSS is a file; `style` attributes (React, Radix positioning) carry no URLs of their own.
        styleSrc: isDevelopment ? ["'self'", "'unsafe-inline'"] : ["'self'"], // Vite injects CSS inline in dev
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: isDevelopment ? ["'self'", "ws:"] : ["'self'"],
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
    // `no-referrer` makes Chromium send `Origin: null` on no-JS form posts, failing CSRF checks.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/** Headers helmet sets for every response that a route may also set for itself (e.g. an upload's `default-src 'none'`). */
export const overridableHeaders = new Set(["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-resource-policy"]);

/**
 * React Router's Express adapter *appends* a route's headers, which would send helmet's value and
 * the route's side by side ("nosniff, nosniff", two CSPs joined by a comma). A route's own value
 * replaces the default instead.
 */
const routeHeadersReplaceDefaults: RequestHandler = (_request, response, next) => {
  const append = response.append.bind(response);
  response.append = ((field: string, value?: string | string[]) =>
    overridableHeaders.has(field.toLowerCase()) ? response.set(field, value) : append(field, value)) as typeof response.append;
  next();
};

/**
 * A NUL byte (%00) has no place in any URL of ours, and PostgreSQL refuses it in text: a search for
 * it would fail as a 500. Refused with 400 before any route runs.
 */
export function rejectNulInUrls(): RequestHandler {
  return (request, response, next) => {
    if (!/%00/i.test(request.originalUrl)) return next();
    sendRefusal(response, 400, "The address contains characters that are not allowed.");
  };
}

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether a request comes from this site (rejectCrossSiteWrites; also the /api writes answered before Express). */
export function sameSiteCheck({ publicUrl }: { publicUrl?: string }) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (request: ExpressRequest) => {
    const origin = request.headers.origin;
    return origin ? origin === `${request.protocol}://${request.get("host")}` || origin === publicOrigin : request.headers["sec-fetch-site"] !== "cross-site";
  };
}

/**
 * Refuses state-changing requests sent by another site (CSRF): the browser's Origin header, or
 * Sec-Fetch-Site where Origin is absent, must say the request comes from this site. Server-to-server
 * calls (webhooks, scripts) send neither and pass; they authenticate by other means.
 */
export function rejectCrossSiteWrites({ publicUrl }: { publicUrl?: string }): RequestHandler {
  const isSameSite = sameSiteCheck({ publicUrl });
  return (request, response, next) => {
    if (!unsafeMethods.has(request.method) || isSameSite(request)) return next();
    sendRefusal(response, 403, "Cross-site requests are not allowed.");
  };
}
