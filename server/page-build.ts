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
 * The page build cut down to what a request path can match, by the path's first segment (issue #22).
 *
 * React Router walks every route of its build several times per page request (matching the path, and
 * the path's parents for the browser's route manifest) and rebuilds a route object for each on every
 * render. A path can only match a route whose first segment is its own, or one that takes any first
 * segment (a parameter, a splat, an optional segment) or none (the root, layouts, the home page), and
 * so can each of its parents. So each literal first segment of the page routes gets a build of those
 * routes alone, made once (with its handler, `handlerOf`): the same matches, the same manifest, a walk
 * over a handful of routes. A path whose first segment is no route's gets the build of the routes that
 * take any. Data requests (`.data`) and the route manifest (`/__manifest`, which answers for any path
 * the browser asks about) need the whole page build: `undefined`.
 */
export function pageBuildsByFirstSegment<Handler>(pageBuild: ServerBuild, handlerOf: (build: ServerBuild) => Handler): (pathname: string) => Handler | undefined {
  // Request paths under a basename do not start with a route's own first segment: no cut (none is set here).
  if ((pageBuild.basename ?? "/") !== "/") return () => undefined;
  const routes = Object.values(pageBuild.routes).flatMap((route) => (route ? [route] : []));
  const pathOf = (route: (typeof routes)[number]): string => {
    const parent = route.parentId === undefined ? undefined : pageBuild.routes[route.parentId];
    return [parent ? pathOf(parent) : "", route.path ?? ""].filter(Boolean).join("/");
  };
  /** A route's literal first segment, lower case (React Router matches in any case); undefined when it takes any or none. */
  const literalFirstSegment = (route: (typeof routes)[number]) => {
    const first = pathOf(route).split("/").find(Boolean);
    return first === undefined || /[:*?]/.test(first) ? undefined : first.toLowerCase();
  };
  const segmentOf = new Map(routes.map((route) => [route.id, literalFirstSegment(route)]));
  const buildFor = (segment: string | undefined): ServerBuild => {
    const keep = <T>(byId: Record<string, T>) => Object.fromEntries(Object.entries(byId).filter(([id]) => segmentOf.get(id) === undefined || segmentOf.get(id) === segment));
    return { ...pageBuild, routes: keep(pageBuild.routes), assets: { ...pageBuild.assets, routes: keep(pageBuild.assets.routes) } };
  };
  const anyFirstSegment = handlerOf(buildFor(undefined));
  const bySegment = new Map([...new Set(segmentOf.values())].flatMap((segment) => (segment === undefined ? [] : [[segment, handlerOf(buildFor(segment))] as const])));
  const manifestPath = pageBuild.routeDiscovery?.manifestPath ?? "/__manifest";
  return (pathname) => {
    if (pathname.endsWith(".data") || pathname === manifestPath) return undefined;
    const firstSegment = decodedSegment(pathname.slice(1).split("/", 1)[0]!).toLowerCase();
    return bySegment.get(firstSegment) ?? anyFirstSegment;
  };
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
