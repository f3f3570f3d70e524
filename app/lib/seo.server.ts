import { getEnv } from "./env.server";

/** The public pages search engines may list, in the order of the sitemap. */
export const sitemapPaths = ["/", "/packages", "/how-it-works", "/join-network", "/support", "/api-docs", "/about", "/terms", "/privacy", "/cookies"] as const;

/** Areas that are private or only make sense mid-purchase; robots.txt asks crawlers to stay out. */
export const disallowedPaths = ["/dashboard", "/auth", "/checkout", "/api/", "/payment-status", "/order-success", "/profile", "/payouts", "/admin"] as const;

/**
 * The site's public address without a trailing slash: PUBLIC_URL when the operator set it (behind a
 * proxy the request may name an internal host), otherwise the origin the request was made to.
 */
export function siteBaseUrl(request: Request, publicUrl: string | null | undefined = getEnv().PUBLIC_URL): string {
  return (publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
}

/** Crawlers may re-read these hourly; they change only with a deployment. */
export const crawlerFileCacheControl = "public, max-age=3600";
