import { type Env, getEnv } from "./env.server";
import { selfPort } from "./self-url.server";

/** The public pages search engines may list, in the order of the sitemap. */
export const sitemapPaths = ["/", "/packages", "/how-it-works", "/join-network", "/support", "/api-docs", "/about", "/terms", "/privacy", "/cookies"] as const;

/** Areas that are private or only make sense mid-purchase; robots.txt asks crawlers to stay out. */
export const disallowedPaths = ["/dashboard", "/auth", "/checkout", "/api/", "/payment-status", "/order-success", "/profile", "/payouts", "/admin"] as const;

/**
 * The store's public address without a trailing slash. Every absolute URL the store hands out (links
 * in e-mails, payment callbacks, the sitemap, /api-docs) is built from it, never from the request's
 * Host header, which any client sets as it likes. PUBLIC_URL, which production requires; a local run
 * is on http://localhost at the port it listens on.
 */
export function siteBaseUrl(env: Pick<Env, "PUBLIC_URL" | "PORT"> = getEnv(), listeningPort = selfPort()): string {
  return env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, "") : `http://localhost:${listeningPort ?? env.PORT}`;
}

/** Crawlers may re-read these hourly; they change only with a deployment. */
export const crawlerFileCacheControl = "public, max-age=3600";
