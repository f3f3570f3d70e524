import { matchRoutes, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import routeConfig from "../app/routes";
import { createApiRouteFinder, createApiRouteMatcher } from "./api-routes";

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: ConfigEntry[] };
const config = routeConfig as ConfigEntry[];
const idOf = (entry: ConfigEntry) => entry.id ?? entry.file.replace(/\.tsx?$/, "");

// The app's route tree as React Router matches it (every route under the root layout) ...
const reactRouterTree = [{ id: "root", path: "", children: config.map(function toRoute(entry): object {
  return { id: idOf(entry), path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, children: entry.children?.map(toRoute) };
}) }];

// ... and as a build lists it. Resource routes are the .ts modules (no component): a loader, no default export.
function buildRoutes(): ServerBuild["routes"] {
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: { default: () => null } } as never };
  const add = (entry: ConfigEntry, parentId: string) => {
    const id = idOf(entry);
    const module = entry.file.endsWith(".tsx") ? { default: () => null } : { loader: () => new Response(id), action: () => new Response(`${id} action`) };
    routes[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module } as never;
    entry.children?.forEach((child) => add(child, id));
  };
  config.forEach((entry) => add(entry, "root"));
  return routes;
}

const apiPaths = config.map((entry) => entry.path).filter((path): path is string => path?.startsWith("api/") ?? false);

/** Every /api route's path with sample values, spelled as clients may spell them, plus paths near them. */
function samplePaths() {
  const filled = apiPaths.flatMap((path) => [
    `/${path.replace(/:\w+/g, "42").replace("*", "x/y")}`,
    `/${path.replace(/:\w+/g, "a%2Fb").replace("*", "x")}`,
    `/${path.replace(/:\w+/g, "caf%C3%A9%20").replace("*", "")}`,
    `/${path.replace(/:\w+/g, "%E0%A4%A").replace("*", "%")}`,
    `/${path.replace(/:\w+/g, "7").replace("*", "z")}/`,
    `/${path.replace(/:\w+/g, "7").replace("*", "z")}//`,
    `/${path.toUpperCase().replace(/:\w+/gi, "7").replace("*", "z")}`,
    `/${path.replace(/:\w+/g, "7").replace("*", "z")}/extra`,
  ]);
  return [...filled, "/api", "/api/", "/api-docs", "/api-docs/x", "/apis/orders", "/", "/orders/7", "/admin/users/3", "/no-such-page"];
}

describe("the /api route table", () => {
  const findApiRoute = createApiRouteMatcher(buildRoutes());

  it("matches every path as React Router's own matchRoutes does over the whole route tree", () => {
    // React Router warns about the malformed percent-encodings on purpose among the samples.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(apiPaths.length).toBeGreaterThan(40);
    for (const pathname of samplePaths()) {
      const reactRouterMatch = matchRoutes(reactRouterTree, pathname)?.at(-1);
      const isApiRoute = reactRouterMatch?.route.id?.startsWith("routes/api.") ?? false;
      const expected = isApiRoute ? { id: reactRouterMatch?.route.id, params: reactRouterMatch?.params } : undefined;
      const found = findApiRoute(pathname);
      expect(found && { id: found.route.id, params: found.params }, pathname).toEqual(expected);
    }
  });

  it("names routes with their path as loaders see it", () => {
    expect(findApiRoute("/api/orders/9/cancel")).toMatchObject({ route: { id: "routes/api.orders.$id.cancel", pattern: "/api/orders/:id/cancel" }, params: { id: "9" } });
    expect(findApiRoute("/api/nothing/here")).toMatchObject({ route: { id: "routes/api.not-found", pattern: "/api/*" }, params: { "*": "nothing/here" } });
  });
});

describe("calling an /api route", () => {
  const findApiCall = createApiRouteFinder(buildRoutes());
  const call = (method: string, path: string) => {
    const url = new URL(`http://localhost${path}`);
    return findApiCall(url, method)?.(new Request(url, { method }), {});
  };

  it("runs the loader for GET and HEAD (without a body) and the action for a mutation", async () => {
    expect(await (await call("GET", "/api/auth/me"))?.text()).toBe("routes/api.auth.me");
    expect(await (await call("DELETE", "/api/keys/3"))?.text()).toBe("routes/api.keys.$id action");
    const head = await call("HEAD", "/api/auth/me");
    expect(head?.status).toBe(200);
    expect(head?.body).toBeNull();
  });

  it("leaves React Router to answer what it does not cover", async () => {
    expect(await call("OPTIONS", "/api/auth/me")).toBeUndefined();
    expect(await call("GET", "/api/auth/me.data")).toBeUndefined();
    expect(await call("GET", "/packages")).toBeUndefined();
    expect(await call("GET", "/api-docs")).toBeUndefined();
  });
});
