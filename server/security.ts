import { randomFillSync } from "node:crypto";
import helmet from "helmet";
import type { Link } from "./chain";
import { apiV2Errors, isApiV2Path } from "~/features/reseller-api/api-v2-contract";
import { pathOf, sendRefusal } from "./refusal";
import { type ProxyTrust, requestAddress } from "./request-address";

/** Random bytes drawn 4 KiB at a time (one call to the generator per 256 nonces); each byte is used once. */
const randomPool = Buffer.alloc(4096);
let poolOffset = randomPool.length;

/** A fresh CSP nonce: 16 random bytes, base64. */
export function createCspNonce(): string {
  if (poolOffset === randomPool.length) poolOffset = randomFillSync(randomPool) && 0;
  poolOffset += 16;
  return randomPool.toString("base64", poolOffset - 16, poolOffset);
}

type SecurityHeaderOptions = { isDevelopment: boolean; isHttps: boolean; paymentPageOrigins?: string[]; extraHeaders?: [string, string][] };

/**
 * Every response's security headers, set before anything can answer: scripts only from our own
 * origin or inline with this response's nonce (`response.locals.cspNonce`, which React Router's
 * hydration scripts carry), nothing loaded from another origin. `paymentPageOrigins`: where a
 * payment form's redirect may lead (Chromium applies `form-action` to it); `extraHeaders`: headers
 * every response carries besides helmet's.
 */
export function securityHeaders({ isDevelopment, isHttps, paymentPageOrigins = [], extraHeaders = [] }: SecurityHeaderOptions): Link {
  const scriptSources = isDevelopment
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] // Vite's dev client and React refresh preamble
    : ["'self'", (_request: unknown, response: unknown) => `'nonce-${(response as { locals: { cspNonce: string } }).locals.cspNonce}'`];
  const setHelmetHeaders = helmet({
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
  });
  return (request, response, next) => {
    response.locals = { cspNonce: createCspNonce() };
    for (const [name, value] of extraHeaders) response.setHeader(name, value);
    setHelmetHeaders(request, response, next);
  };
}

/** Headers helmet sets that a route may set for itself (an upload's `default-src 'none'`): the route's value replaces helmet's. */
export const overridableHeaders = new Set(["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-resource-policy"]);

/**
 * Before any route runs: TRACE, which no fetch Request can carry (Node's parser and listener keep
 * TRACK and CONNECT out already), is refused with 405, and a NUL byte (%00), which has no place in
 * any URL of ours and which PostgreSQL refuses in text (a search would fail as a 500), with 400.
 */
export const rejectUnroutableRequests: Link = (request, response, next) => {
  if (request.method === "TRACE") {
    const message = isApiV2Path(pathOf(request)) ? apiV2Errors.wrongMethod : "This method is not allowed."; // the reseller API's own words for it
    return sendRefusal(request, response.setHeader("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"), 405, message);
  }
  if (!/%00/i.test(request.url ?? "")) return next();
  sendRefusal(request, response, 400, "The address contains characters that are not allowed.");
};

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses state-changing requests sent by another site (CSRF): the browser's Origin header, or
 * Sec-Fetch-Site where Origin is absent, must say the request comes from this site. Server-to-server
 * calls (webhooks, scripts, panel software) send neither and pass; they authenticate by other means.
 */
export function rejectCrossSiteWrites({ publicUrl, trust }: { publicUrl?: string; trust: ProxyTrust }): Link {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (request, response, next) => {
    if (!unsafeMethods.has(request.method ?? "")) return next();
    const origin = request.headers.origin;
    const isSameSite = origin
      ? origin === `${requestAddress(request, trust).protocol}://${request.headers.host}` || origin === publicOrigin
      : request.headers["sec-fetch-site"] !== "cross-site";
    if (isSameSite) return next();
    sendRefusal(request, response, 403, "Cross-site requests are not allowed.");
  };
}
