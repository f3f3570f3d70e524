import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { isApiPath, pageBuildsByFirstSegment, withoutApiRoutes } from "./page-build";
import { buildRoutes, samplePaths } from "./testing/route-tree";

type TreeRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: TreeRoute[] };

/** A build's routes as the tree React Router matches (children under their parent). */
function treeOf(routes: ServerBuild["routes"]): TreeRoute[] {
  const childrenOf = (parentId: string | undefined): TreeRoute[] =>
    Object.values(routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: childrenOf(route!.id) }));
  return childrenOf(undefined);
}

/** A request path for every route of the tree (parameters filled in), in the case routes.ts spells it. */
function pagePaths(routes: TreeRoute[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path.replace(/:\w+\??/g, "7").replace("*", "x")}`.replace(/\/+/g, "/") : parent;
    return [path || "/", ...pagePaths(route.children, path)];
  });
}

const build = { routes: buildRoutes(), assets: { routes: Object.fromEntries(Object.keys(buildRoutes()).map((id) => [id, { id }])) } } as unknown as ServerBuild;
const wholeTree = treeOf(build.routes);
const lastMatch = (tree: TreeRoute[], pathname: string) => matchRoutes(tree as RouteObject[], pathname)?.map((match) => ({ id: match.route.id, params: match.params }));

describe("the build for page requests", () => {
  const pageBuild = withoutApiRoutes(build);

  it("drops the /api routes, from the server's routes and from the browser's manifest, and keeps every page", () => {
    const dropped = Object.keys(build.routes).filter((id) => !(id in pageBuild.routes));
    expect(dropped.length).toBeGreaterThan(50);
    expect(dropped.every((id) => id.startsWith("routes/api."))).toBe(true);
    expect(Object.keys(pageBuild.routes)).toContain("routes/api-docs");
    expect(Object.keys(pageBuild.assets.routes)).toEqual(Object.keys(pageBuild.routes));
  });

  it("answers every path that is not an /api path as the whole build does", () => {
    // React Router warns about the malformed percent-encodings on purpose among the samples.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const pageTree = treeOf(pageBuild.routes);
    const paths = [...samplePaths(), ...pagePaths(wholeTree), "/%61pi/orders", "/API/orders", "/api.data", "/_root.data", "/orders.data"];
    let apiPathCount = 0;
    for (const pathname of paths) {
      const whole = lastMatch(wholeTree, pathname);
      if (isApiPath(pathname)) {
        apiPathCount += 1;
        continue;
      }
      expect(whole?.at(-1)?.id?.startsWith("routes/api.") ?? false, pathname).toBe(false);
      expect(lastMatch(pageTree, pathname), pathname).toEqual(whole);
    }
    expect(apiPathCount).toBeGreaterThan(400);
  });

  it("cuts the page build by the path's first segment: each path matches, and its manifest holds, what the whole page build gives", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const pageBuild = withoutApiRoutes(build);
    const pageTree = treeOf(pageBuild.routes);
    const cutAt = pageBuildsByFirstSegment(pageBuild, (cut) => cut);
    /** The routes React Router puts in the browser's manifest: the path's matches and those of each parent path. */
    const manifestRouteIds = (tree: TreeRoute[], pathname: string) => {
      const segments = pathname.split("/").filter(Boolean);
      const parents = segments.slice(0, -1).map((_, index) => `/${segments.slice(0, index + 1).join("/")}`);
      return [...new Set([pathname, "/", ...parents].flatMap((path) => lastMatch(tree, path)?.map((match) => match.id) ?? []))].sort();
    };
    const paths = [...samplePaths(), ...pagePaths(wholeTree), "/Orders/7", "/ORDERS", "/%6Frders/7", "/orders%2F7", "/payment-status", "/payment-status/", "/wallet/top-ups/3", "/robots.TXT", "//orders", "/%E0%A4%A/x", "/no-such-page/x"];
    const cuts = new Set<ServerBuild>();
    let largest = 0;
    for (const pathname of paths.filter((path) => !isApiPath(path))) {
      const cut = cutAt(pathname)!;
      cuts.add(cut);
      largest = Math.max(largest, Object.keys(cut.routes).length);
      expect(Object.keys(cut.assets.routes), pathname).toEqual(Object.keys(cut.routes));
      const cutTree = treeOf(cut.routes);
      expect(lastMatch(cutTree, pathname), pathname).toEqual(lastMatch(pageTree, pathname));
      expect(manifestRouteIds(cutTree, pathname), pathname).toEqual(manifestRouteIds(pageTree, pathname));
    }
    // Every literal first segment has its build; each knows a fraction of the page routes.
    expect(cuts.size).toBeGreaterThan(20);
    expect(largest).toBeLessThan(Object.keys(pageBuild.routes).length / 2);
    // Data requests and the route manifest answer for any path: the whole page build.
    for (const pathname of ["/orders.data", "/_root.data", "/payment-status/x.data", "/__manifest"]) expect(cutAt(pathname), pathname).toBeUndefined();
  });

  it("tells /api paths by their first segment, decoded, in any case", () => {
    for (const pathname of ["/api", "/api/", "/api/orders", "/API/Orders", "/%61pi/orders", "/%41PI", "/api.data", "/api/orders.data"]) {
      expect(isApiPath(pathname), pathname).toBe(true);
    }
    for (const pathname of ["/", "/api-docs", "/apis/orders", "/apiary", "/orders/api", "/%E0%A4%A/api", "/_root.data"]) {
      expect(isApiPath(pathname), pathname).toBe(false);
    }
  });
});
