import { absoluteUrl } from "~/lib/seo";
import { crawlerFileCacheControl, disallowedPaths, siteBaseUrl } from "~/lib/seo.server";

export function loader() {
  const body = ["User-agent: *", "Allow: /", ...disallowedPaths.map((path) => `Disallow: ${path}`), "", `Sitemap: ${absoluteUrl(siteBaseUrl(), "/sitemap.xml")}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": crawlerFileCacheControl } });
}
