import { absoluteUrl } from "~/lib/seo";
import { crawlerFileCacheControl, siteBaseUrl, sitemapPaths } from "~/lib/seo.server";

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function loader() {
  const base = siteBaseUrl();
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapPaths.map((path) => `  <url><loc>${escapeXml(absoluteUrl(base, path))}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": crawlerFileCacheControl } });
}
