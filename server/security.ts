import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Security headers. Scripts run only from our own origin or inline with this request's nonce (React
 * Router's hydration data); nothing may load from another origin.
 */
export function securityHeaders({ isDevelopment, isHttps }: { isDevelopment: boolean; isHttps: boolean }): RequestHandler[] {
  const assignNonce: RequestHandler = (_request, response, next) => {
    response.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const scriptSources = isDevelopment
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] // Vite's dev client and React refresh preamble
    : ["'self'", (_request: unknown, response: unknown) => `'nonce-${(response as { locals: { cspNonce: string } }).locals.cspNonce}'`];
  return [
    assignNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
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
    }),
  ];
}

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses state-changing requests sent by another site (CSRF): the browser's Origin header, or
 * Sec-Fetch-Site where Origin is absent, must say the request comes from this site. Server-to-server
 * calls (webhooks, scripts) send neither and pass; they authenticate by other means.
 */
export function rejectCrossSiteWrites({ publicUrl }: { publicUrl?: string }): RequestHandler {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (request, response, next) => {
    if (!unsafeMethods.has(request.method)) return next();
    const origin = request.headers.origin;
    const isSameSite = origin
      ? origin === `${request.protocol}://${request.get("host")}` || origin === publicOrigin
      : request.headers["sec-fetch-site"] !== "cross-site";
    if (isSameSite) return next();
    const message = "Cross-site requests are not allowed.";
    response.status(403);
    if (request.path.startsWith("/api/")) response.json({ message });
    else response.type("text/plain").send(message);
  };
}
