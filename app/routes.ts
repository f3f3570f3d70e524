import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("packages", "routes/packages.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("about", "routes/about.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("how-it-works", "routes/how-it-works.tsx"),
  route("join-network", "routes/join-network.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("support", "routes/support.tsx"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("auth", "routes/auth.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("order-success", "routes/order-success.tsx"),
  route("api/auth/register", "routes/api.auth.register.ts"),
  route("api/auth/login", "routes/api.auth.login.ts"),
  route("api/auth/me", "routes/api.auth.me.ts"),
  route("api/auth/logout", "routes/api.auth.logout.ts"),
  route("api/uploads/:id", "routes/api.uploads.$id.ts"),
  route("api/orders", "routes/api.orders.ts"),
  route("api/orders/:id", "routes/api.orders.$id.ts"),
  route("api/orders/:id/cancel", "routes/api.orders.$id.cancel.ts"),
  // Not "api.stats.client.ts": React Router treats *.client.ts modules as browser-only.
  route("api/stats/client", "routes/api.client-stats.ts"),
  // Unknown /api paths answer JSON; every other unknown path shows the not-found page.
  route("api/*", "routes/api.not-found.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
