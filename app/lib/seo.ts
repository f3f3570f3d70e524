import type { MetaDescriptor } from "react-router";

export const siteName = "Social Media Boost";

export interface PageMetaOptions {
  /** The page's own name; the document title becomes "<title> | Social Media Boost". Without one, just the site name. */
  title?: string;
  /** One or two sentences for search results and link previews. */
  description: string;
  /** The page's path ("/terms"); becomes og:url when the site's public address is known. */
  path?: `/${string}`;
  type?: "website" | "article";
}

/** What a route's `meta` receives as `matches`; only the root's loader data is read. */
type MetaMatchesLike = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/**
 * A route's `meta` array: title, description, Open Graph and Twitter card tags.
 *
 *   export const meta: Route.MetaFunction = ({ matches }) =>
 *     pageMeta({ title: "Terms of Service", description: "...", path: "/terms" }, matches);
 *
 * og:url needs an absolute address, which only the server knows (PUBLIC_URL, validated at start-up).
 * It is added when the root loader's data carries `publicUrl` (a string, or null); otherwise it is
 * left out rather than guessed from the request, since cached pages are shared between hosts.
 */
export function pageMeta({ title, description, path, type = "website" }: PageMetaOptions, matches?: MetaMatchesLike): MetaDescriptor[] {
  const fullTitle = title ? `${title} | ${siteName}` : siteName;
  const descriptors: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { name: "twitter:card", content: "summary" },
  ];
  const publicUrl = (matches?.find((match) => match?.id === "root")?.loaderData as { publicUrl?: unknown } | undefined)?.publicUrl;
  if (path && typeof publicUrl === "string") descriptors.push({ property: "og:url", content: absoluteUrl(publicUrl, path) });
  return descriptors;
}

/** `path` ("/terms") under `base` ("https://example.com", with or without a trailing slash or a path prefix). */
export function absoluteUrl(base: string, path: `/${string}`): string {
  return base.replace(/\/+$/, "") + path;
}
