import fs from "node:fs";
import path from "node:path";
import routes from "../../app/routes";

/*
 * What the app answers, read from app/routes.ts itself (and the route modules it names), so the
 * security suite's tables can be checked against it: a new route, or a new handler on a route,
 * without a row fails the suite.
 */

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

export interface AppRoute {
  /** "/api/orders/:id", "/admin/users", "/" … (optional segments keep their "?"). */
  pattern: string;
  /** The module, relative to the repository root. */
  file: string;
}

function flatten(entries: readonly RouteEntry[], parent = ""): AppRoute[] {
  return entries.flatMap((entry) => {
    const joined = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = { pattern: `/${joined}`, file: path.join("app", entry.file) };
    return entry.children ? [own, ...flatten(entry.children, joined)] : [own];
  });
}

export const appRoutes: AppRoute[] = flatten(routes as RouteEntry[]);

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRoute extends AppRoute {
  /** The methods the module really handles: a loader (GET) and an action that is not a bare 405. */
  methods: Method[];
}

/** Every /api route with the methods its module handles (a `loader`/`action` that only answers 405 is not handling). */
export function apiRoutes(): ApiRoute[] {
  return appRoutes
    .filter((route) => route.pattern.startsWith("/api/"))
    .map((route) => {
      const source = fs.readFileSync(path.resolve(route.file), "utf8");
      const methods: Method[] = [];
      if (handles(source, "loader")) methods.push("GET");
      if (handles(source, "action")) {
        const declared = [...source.matchAll(/request\.method !== "(POST|PUT|PATCH|DELETE)"/g)].map((match) => match[1] as Method);
        methods.push(...(declared.length > 0 ? declared : (["POST"] as Method[])));
      }
      return { ...route, methods };
    });
}

function handles(source: string, name: "loader" | "action"): boolean {
  const exported = new RegExp(`export (?:async )?(?:const ${name}\\s*=|function ${name}\\b)(.*)`).exec(source);
  if (!exported) return false;
  return !/^\s*\(\)\s*=>\s*errorResponse\(405\b/.test(exported[1]!);
}

/** Whether a concrete path (query ignored) is one `pattern` names. A catch-all `*` matches anything below. */
export function matchesPattern(pattern: string, concretePath: string): boolean {
  const pathname = concretePath.split("?")[0]!;
  const parts = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "/.+";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    });
  return new RegExp(`^${parts.join("") || "/"}$`).test(pathname);
}

/** The most specific route pattern a path reaches (catch-alls last), as React Router would pick it. */
export function routeOf(concretePath: string, candidates: readonly AppRoute[] = appRoutes): AppRoute | undefined {
  const matching = candidates.filter((route) => matchesPattern(route.pattern, concretePath));
  return matching.sort((a, b) => rank(b.pattern) - rank(a.pattern))[0];
}

function rank(pattern: string): number {
  return pattern.split("/").reduce((score, segment) => score + (segment === "*" ? 0 : segment.startsWith(":") ? 2 : 3), 0);
}
