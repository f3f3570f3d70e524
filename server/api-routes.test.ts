import { matchRoutes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createApiRouteFinder, createApiRouteMatcher } from "./api-routes";
import { apiPaths, buildRoutes, reactRouterTree, samplePaths } from "./testing/route-tree";

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
