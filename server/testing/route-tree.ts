import type { ServerBuild } from "react-router";
import routeConfig from "../../app/routes";

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: ConfigEntry[] };
const config = routeConfig as ConfigEntry[];
const idOf = (entry: ConfigEntry) => entry.id ?? entry.file.replace(/\.tsx?$/, "");

/** The app's route tree (app/routes.ts) as React Router matches it: every route under the root layout. */
export const reactRouterTree = [
  {
    id: "root",
    path: "",
    children: config.map(function toRoute(entry): object {
      return { id: idOf(entry), path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, children: entry.children?.map(toRoute) };
    }),
  },
];

/** The same routes as a build lists them. Resource routes are the .ts modules (no component): a loader and an action, no default export. */
export function buildRoutes(): ServerBuild["routes"] {
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

/** The paths of the /api routes, as routes.ts writes them (`api/orders/:id`). */
export const apiPaths = config.map((entry) => entry.path).filter((path): path is string => path?.startsWith("api/") ?? false);

/** Every /api route's path with sample values, spelled as clients may spell them, plus paths near them. */
export function samplePaths() {
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
