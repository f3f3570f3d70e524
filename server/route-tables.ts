import type { ServerBuild } from "react-router";

/**
 * The build's routes as two tables, each served by a React Router of its own: the /api resource
 * routes (more than half of all routes) and the pages. React Router walks its whole table several
 * times for each page it renders (matching, the route objects, the browser's manifest), and no page
 * path ever matches an /api route, nor an /api path a page; so each request is given the table
 * that can answer it (decision 0052).
 */
export function routeTables(build: ServerBuild): { api: ServerBuild; pages: ServerBuild } {
  type Route = NonNullable<ServerBuild["routes"][string]>;
  const isApiRoute = (route: Route) => route.parentId === "root" && /^api(\/|$)/.test(route.path ?? "");
  const tableOf = (keep: (route: Route) => boolean): ServerBuild => {
    const ids = new Set(Object.values(build.routes).flatMap((route) => (route && keep(route) ? [route.id] : [])));
    const only = <T>(byId: Record<string, T>) => Object.fromEntries(Object.entries(byId).filter(([id]) => ids.has(id)));
    return { ...build, routes: only(build.routes), assets: { ...build.assets, routes: only(build.assets.routes) } };
  };
  return { api: tableOf((route) => route.id === "root" || isApiRoute(route)), pages: tableOf((route) => !isApiRoute(route)) };
}

/** Whether a request path is under /api, as React Router matches it (any case, escaped or not). */
export function isApiPath(pathname: string): boolean {
  const firstSegment = pathname.split("/", 2)[1] ?? "";
  try {
    return decodeURIComponent(firstSegment).toLowerCase() === "api";
  } catch {
    return false;
  }
}
