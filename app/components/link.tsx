import { createElement, forwardRef, useContext } from "react";
import { type LinkProps, type NavLinkProps, Link as RouterLink, NavLink as RouterNavLink, UNSAFE_NavigationContext, useLocation } from "react-router";

/**
 * React Router's Link and NavLink, for every link of the app to use (eslint forbids importing them
 * from react-router elsewhere).
 *
 * In the browser they are React Router's own. On the server a link is only its `<a>`, but React
 * Router's components get there through their browser machinery: a Link resolves its path twice
 * (JSON of the route matches, parsed back) and a NavLink three times, and both set up click and
 * prefetch handlers that never run on the server. For the ~30 links of a page's shell that was a
 * tenth of the page's server CPU (issue #22). So on the server, a link to a plain absolute path
 * (every link of this app but a few) is rendered here as the very `<a>` React Router renders,
 * attribute for attribute; any other link (relative, an object, prefetching, a basename) goes to
 * React Router's. link.test.tsx renders both ways for every kind of link and compares the HTML.
 */
export const Link = (import.meta.env.SSR ? /* @__PURE__ */ forwardRef(ServerLink) : RouterLink) as typeof RouterLink;
export const NavLink = (import.meta.env.SSR ? /* @__PURE__ */ forwardRef(ServerNavLink) : RouterNavLink) as typeof RouterNavLink;

/**
 * A path React Router resolves to itself: absolute, no `.` or `..` segment, no empty segment, no
 * character the router would encode, and a query or fragment only when it is not empty.
 */
const plainPath = /^(?=\/)(\/[\w~-][\w.~-]*)*\/?(\?[^#]+)?(#.+)?$/;

export function isPlainLink(props: Pick<LinkProps, "to" | "prefetch" | "mask">, basename: string) {
  return typeof props.to === "string" && plainPath.test(props.to) && (props.prefetch ?? "none") === "none" && !props.mask && basename === "/";
}

function ServerLink(props: LinkProps, ref: React.ForwardedRef<HTMLAnchorElement>) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  if (!isPlainLink(props, basename)) return <RouterLink {...props} ref={ref} />;
  return plainAnchor(props, {});
}

function ServerNavLink(props: NavLinkProps, ref: React.ForwardedRef<HTMLAnchorElement>) {
  const location = useLocation();
  const { basename } = useContext(UNSAFE_NavigationContext);
  if (!isPlainLink(props, basename)) return <RouterNavLink {...props} ref={ref} />;
  const { "aria-current": ariaCurrent = "page", caseSensitive = false, className = "", end = false, style, children } = props;
  // As React Router decides it; nothing is pending or in transition during a server render.
  const compare = (path: string) => (caseSensitive ? path : path.toLowerCase());
  const toPathname = compare((props.to as string).split(/[?#]/)[0]);
  const locationPathname = compare(location.pathname);
  const endSlashPosition = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname || (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === "/");
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  // What React Router's NavLink hands its Link, after the other props.
  return plainAnchor(props, {
    "aria-current": isActive ? ariaCurrent : undefined,
    className: typeof className === "function" ? className(renderProps) : [className, isActive ? "active" : null].filter(Boolean).join(" "),
    style: typeof style === "function" ? style(renderProps) : style,
    children: typeof children === "function" ? children(renderProps) : children,
  }, navLinkProps);
}

/** The props React Router's Link takes for itself; the others go onto its anchor. */
const routerLinkProps = /* @__PURE__ */ new Set(["to", "discover", "target", "onClick", "prefetch", "relative", "reloadDocument", "replace", "state", "preventScrollReset", "viewTransition", "mask", "defaultShouldRevalidate"]);
/** And those its NavLink takes, or computes for its Link. (Sets of literals only: the browser bundle then leaves them out.) */
const navLinkProps = /* @__PURE__ */ new Set(["aria-current", "caseSensitive", "className", "end", "style", "children"]);

/**
 * The `<a>` React Router's Link renders for a plain path, with its attributes in the same order: the
 * link's other props, then what a NavLink computed, then href, target and data-discover. Copied key
 * by key: an object rest that leaves out a dozen names cost more than the rest of the link.
 */
function plainAnchor(props: LinkProps | NavLinkProps, computed: Record<string, unknown>, moreOwnProps?: Set<string>) {
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!routerLinkProps.has(key) && !moreOwnProps?.has(key)) anchor[key] = props[key as keyof typeof props];
  Object.assign(anchor, computed);
  anchor.href = props.to;
  anchor.target = props.target;
  anchor["data-discover"] = (props.discover ?? "render") === "render" ? "true" : undefined;
  return createElement("a", anchor);
}

/** The server's versions, whatever bundle this is (for link.test.tsx). */
// Marked pure so that the browser bundle, which never uses them, leaves them out.
export const serverRendered = { Link: /* @__PURE__ */ forwardRef(ServerLink), NavLink: /* @__PURE__ */ forwardRef(ServerNavLink) };
