import type { ServerBuild } from "react-router";

/**
 * The build as page requests need it: without the /api resource routes (55 of the 97 routes).
 *
 * For a page, React Router walks its whole route list several times per request: it matches the
 * path for the request and again for the browser's route manifest, and it rebuilds a route object
 * for every route of the manifest on each render. A page can never match an /api route, so those
 * walks did half their work for nothing (issue #22). /api requests still get the whole build: the
 * ones server/api-routes.ts does not answer itself (a method without a function, `.data`, OPTIONS)
 * go to React Router with every route, as before, and answer as before.
 */
export function withoutApiRoutes(build: ServerBuild): ServerBuild {
  const apiRouteIds = new Set(Object.values(build.routes).flatMap((route) => (route && isApiRoutePath(route.path) ? [route.id] : [])));
  const keep = <T>(routes: Record<string, T>) => Object.fromEntries(Object.entries(routes).filter(([id]) => !apiRouteIds.has(id)));
  return { ...build, routes: keep(build.routes), assets: { ...build.assets, routes: keep(build.assets.routes) } };
}

/**
 * Whether a request path may match an /api route, as React Router matches (its first segment,
 * decoded, is `api` in any case; `.data` marks a data request). Anything else is a page's.
 */
export function isApiPath(pathname: string): boolean {
  const firstSegment = pathname.slice(1).split("/", 1)[0];
  return /^api(\.data)?$/i.test(decodedSegment(firstSegment));
}

function isApiRoutePath(path: string | undefined) {
  return path !== undefined && /^api(\/|$)/.test(path);
}

function decodedSegment(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
