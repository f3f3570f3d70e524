import type { JSX, SVGProps } from "react";

/*
 * The icons of the site shell and the home page: Lucide's artwork (https://lucide.dev, ISC licence),
 * as plain SVG. lucide-react's runtime costs ~1.5 kB gzip, too much for the JavaScript every page
 * loads (target: < 120 kB for GET /). The other public pages draw theirs the same way
 * (~/components/page-icons); pages behind sign-in import from lucide-react as usual.
 * To add one: copy the `node` of node_modules/lucide-react/dist/esm/icons/<name>.mjs as SVG markup.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;
export type Icon = (props: IconProps) => JSX.Element;

/** Size (24px unless a size class says otherwise) and stroke style come from the `icon` class (app/app.css). */
export function icon(body: string) {
  return function Icon({ className, ...props }: IconProps) {
    return <svg viewBox="0 0 24 24" aria-hidden="true" {...props} className={className ? `icon ${className}` : "icon"} dangerouslySetInnerHTML={{ __html: body }} />;
  };
}

/** lucide `sun` */
export const Sun = /* @__PURE__ */ icon('<circle cx="12" cy="12" r="4"/><path d="M12 2v2"/><path d="M12 20v2"/><path d="m4.93 4.93 1.41 1.41"/><path d="m17.66 17.66 1.41 1.41"/><path d="M2 12h2"/><path d="M20 12h2"/><path d="m6.34 17.66-1.41 1.41"/><path d="m19.07 4.93-1.41 1.41"/>');
/** lucide `moon` */
export const Moon = /* @__PURE__ */ icon('<path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401"/>');
/** lucide `monitor` */
export const Monitor = /* @__PURE__ */ icon('<rect width="20" height="14" x="2" y="3" rx="2"/><line x1="8" x2="16" y1="21" y2="21"/><line x1="12" x2="12" y1="17" y2="21"/>');
/** lucide `check` */
export const Check = /* @__PURE__ */ icon('<path d="M20 6 9 17l-5-5"/>');
/** lucide `menu` */
export const Menu = /* @__PURE__ */ icon('<path d="M4 5h16"/><path d="M4 12h16"/><path d="M4 19h16"/>');
/** lucide `x` */
export const X = /* @__PURE__ */ icon('<path d="M18 6 6 18"/><path d="m6 6 12 12"/>');
/** lucide `trending-up` */
export const TrendingUp = /* @__PURE__ */ icon('<path d="M16 7h6v6"/><path d="m22 7-8.5 8.5-5-5L2 17"/>');
/** lucide `house` */
export const House = /* @__PURE__ */ icon('<path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8"/><path d="M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>');
/** lucide `arrow-right` */
export const ArrowRight = /* @__PURE__ */ icon('<path d="M5 12h14"/><path d="m12 5 7 7-7 7"/>');
/** lucide `shield-check` */
export const ShieldCheck = /* @__PURE__ */ icon('<path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"/><path d="m9 12 2 2 4-4"/>');
/** lucide `smartphone` */
export const Smartphone = /* @__PURE__ */ icon('<rect width="14" height="20" x="5" y="2" rx="2" ry="2"/><path d="M12 18h.01"/>');
/** lucide `users` */
export const Users = /* @__PURE__ */ icon('<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"/><path d="M16 3.128a4 4 0 0 1 0 7.744"/><path d="M22 21v-2a4 4 0 0 0-3-3.87"/><circle cx="9" cy="7" r="4"/>');
