import { absoluteUrl } from "~/lib/seo";
import { crawlerFileCacheControl, disallowedPaths, siteBaseUrl } from "~/lib/seo.server";
import type { Route } from "./+types/robots-txt";

export function loader({ request }: Route.LoaderArgs) {
  const body = ["User-agent: *", "Allow: /", ...disallowedPaths.map((path) => `Disallow: ${path}`), "", `Sitemap: ${absoluteUrl(siteBaseUrl(request), "/sitemap.xml")}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": crawlerFileCacheControl } });
}
