import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, type LinkProps, type NavLinkProps, Link as RouterLink, NavLink as RouterNavLink, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { isPlainLink, serverRendered } from "./link";

/** `element` rendered on the server at `pathname`, as entry.server renders pages (a static router), under nested routes. */
async function renderAt(pathname: string, element: ReactElement) {
  const routes = [{ path: "/", children: [{ index: true, element }, { path: "orders", children: [{ path: ":id", element }, { index: true, element }] }, { path: "*", element }] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`no page at ${pathname}`);
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

const plainTargets = ["/", "/packages", "/packages/", "/packages?platform=tiktok&step=2", "/orders/12#top", "/support?topic=a b", "/API-docs", "/robots.txt", "/a_b/c~d"];
const otherTargets: LinkProps["to"][] = [
  "/x?",
  "/x#",
  "//evil.example/x",
  "https://example.com/",
  "mailto:help@example.com",
  "../up",
  "relative",
  ".",
  "",
  "/a/./b",
  "/a/../b",
  "/a//b",
  "/caf%C3%A9",
  "/café",
  "/.well-known/x",
  { pathname: "/object", search: "?q=1" },
];
const linkProps: Partial<LinkProps>[] = [
  {},
  { className: "nav-item", id: "x", "aria-label": "Go" },
  { target: "_blank", rel: "noreferrer" },
  { reloadDocument: true },
  { discover: "none" },
  { replace: true, state: { from: "test" }, preventScrollReset: true, viewTransition: true, onClick: () => {} },
  { style: { color: "red" }, title: "t" },
  { prefetch: "intent" },
  { prefetch: "render" },
];
const locations = ["/", "/orders", "/orders/12", "/Orders/", "/packages/", "/support"];

describe("links on the server", () => {
  it("takes the fast path for plain absolute paths only", () => {
    for (const to of plainTargets) expect(isPlainLink({ to }, "/"), to).toBe(true);
    for (const to of otherTargets) expect(isPlainLink({ to }, "/"), JSON.stringify(to)).toBe(false);
    expect(isPlainLink({ to: "/packages", prefetch: "intent" }, "/")).toBe(false);
    expect(isPlainLink({ to: "/packages", mask: "/x" }, "/")).toBe(false);
    expect(isPlainLink({ to: "/packages" }, "/app")).toBe(false);
  });

  it("renders every Link exactly as React Router's Link does", async () => {
    for (const pathname of locations) {
      for (const to of [...plainTargets, ...otherTargets]) {
        for (const props of linkProps) {
          const expected = await renderAt(pathname, <RouterLink {...props} to={to}>go</RouterLink>);
          const actual = await renderAt(pathname, <serverRendered.Link {...props} to={to}>go</serverRendered.Link>);
          expect(expected).toContain("<a ");
          expect(actual, `${pathname} ${JSON.stringify(to)} ${JSON.stringify(props)}`).toBe(expected);
        }
      }
    }
  });

  it("renders every NavLink exactly as React Router's NavLink does, active or not", async () => {
    const navLinkProps: Partial<NavLinkProps>[] = [
      {},
      { end: true },
      { caseSensitive: true },
      { className: "link", "aria-current": "step" },
      { className: ({ isActive, isPending }) => `link ${isActive ? "on" : "off"} ${isPending ? "wait" : ""}`, style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }) },
      { children: ({ isActive }) => (isActive ? "here" : "there") },
      { end: true, className: "x", reloadDocument: true, target: "_self" },
    ];
    let active = 0;
    for (const pathname of locations) {
      for (const to of ["/", "/orders", "/orders/", "/ORDERS", "/orders/12", "/packages", "/support?x=1", "relative", "../up"]) {
        for (const props of navLinkProps) {
          const children = props.children ?? "go";
          const expected = await renderAt(pathname, <RouterNavLink {...props} to={to}>{children}</RouterNavLink>);
          const actual = await renderAt(pathname, <serverRendered.NavLink {...props} to={to}>{children}</serverRendered.NavLink>);
          expect(expected).toContain("<a ");
          expect(actual, `${pathname} ${to} ${JSON.stringify(props)}`).toBe(expected);
          if (expected.includes('aria-current="')) active += 1;
        }
      }
    }
    // The cases cover links that are the current page and links that are not.
    expect(active).toBeGreaterThan(20);
  });
});
