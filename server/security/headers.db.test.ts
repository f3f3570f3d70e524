import { describe, expect, it } from "vitest";
import { serverForTests } from "../testing/in-process-server";
import { type Answer, Api, admin, createOrder, securityServerEnv, signIn, signUp } from "./helpers";
import { appRoutes } from "./route-inventory";

/*
 * Security headers on every page of app/routes.ts, signed out and signed in as each role: a CSP
 * whose scripts run only from our origin or with this response's nonce (never 'unsafe-inline'),
 * frame-ancestors 'none', nosniff, strict-origin-when-cross-origin; HSTS only when PUBLIC_URL is
 * https (a second server checks that side).
 */


/** The CSP as directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, "a Content-Security-Policy header").toBeTruthy();
  expect(header, "one policy, not several joined").not.toContain(",");
  return new Map(
    header!
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** Checks the headers every response of a page must carry; answers the CSP nonce. */
function expectSecurityHeaders(answer: Answer, label: string, { https }: { https: boolean }): string {
  const csp = parseCsp(answer.headers.get("content-security-policy"));
  const scripts = csp.get("script-src") ?? csp.get("default-src")!;
  expect(scripts, `${label}: script-src`).toContain("'self'");
  expect(scripts, `${label}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${label}: script-src`).not.toContain("'unsafe-eval'");
  expect(scripts.filter((source) => !["'self'"].includes(source) && !source.startsWith("'nonce-")), `${label}: script-src allows only 'self' and a nonce`).toEqual([]);
  const nonces = scripts.filter((source) => source.startsWith("'nonce-"));
  expect(nonces, `${label}: one nonce`).toHaveLength(1);
  expect(csp.get("script-src-attr"), `${label}: no inline event handlers`).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(csp.get("object-src"), label).toEqual(["'none'"]);
  expect(csp.get("base-uri"), label).toEqual(["'self'"]);
  expect(csp.get("default-src"), label).toEqual(["'self'"]);
  expect(csp.has("upgrade-insecure-requests"), `${label}: upgrade-insecure-requests`).toBe(https);
  expect(answer.headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(answer.headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  expect(answer.headers.get("x-powered-by"), label).toBeNull();
  if (https) expect(answer.headers.get("strict-transport-security"), label).toBe("max-age=15552000; includeSubDomains");
  else expect(answer.headers.get("strict-transport-security"), `${label}: no HSTS over plain http`).toBeNull();
  return nonces[0]!.slice("'nonce-".length, -1);
}

/** Every <script> of an HTML page carries this response's nonce. */
function expectScriptsCarryNonce(answer: Answer, nonce: string, label: string) {
  if (!(answer.headers.get("content-type") ?? "").includes("text/html") || answer.status !== 200) return;
  const scripts = [...answer.text.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]);
  expect(scripts.length, `${label}: the page has scripts`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, label).toContain(`nonce="${nonce}"`);
  expect(answer.text, `${label}: no inline event handler attributes`).not.toMatch(/<[^>]+\son(?:click|load|error|mouseover|submit)\s*=/i);
}

/** Concrete paths for every page route of app/routes.ts (parameters filled with real ids). */
function pagePaths(ids: { orderId: number; userId: number }): string[] {
  const fill: Record<string, string[]> = {
    "/payment-status/:reference?": ["/payment-status", "/payment-status/smb_1_0123456789abcdef"],
    "/admin/users/:id": [`/admin/users/${ids.userId}`],
    "/admin/orders/:id": [`/admin/orders/${ids.orderId}`],
    "/orders/:id": [`/orders/${ids.orderId}`],
    // Nobody's top-up: its owner is tested in app/routes/api.wallet.db.test.ts; here every viewer gets a page (404 or sign-in).
    "/wallet/top-ups/:id": ["/wallet/top-ups/999999"],
    "/auth/reset/:token": ["/auth/reset/not-a-real-link-token"],
    "/auth/verify/:token": ["/auth/verify/not-a-real-link-token"],
    "/payouts/confirm-number/:token": ["/payouts/confirm-number/not-a-real-link-token"],
    "/*": ["/no-such-page"],
  };
  const patterns = [...new Set(appRoutes.filter((route) => !route.pattern.startsWith("/api/")).map((route) => route.pattern))];
  const paths = patterns.flatMap((pattern) => {
    if (fill[pattern]) return fill[pattern];
    expect(pattern, "a page route with a parameter needs a value in pagePaths()").not.toMatch(/[:*]/);
    return [pattern];
  });
  return [...paths, "/join-network?country=NG", "/auth?mode=register", "/packages?platform=tiktok"];
}

describe("security headers on every page", () => {
  const plain = serverForTests(securityServerEnv());
  const api = () => Api.of(plain.server);
  it("are set for every page, signed out and signed in as each role, with a fresh nonce each time", async () => {
    const client = await signUp(api(), "client");
    const worker = await signUp(api(), "worker");
    const adminSession = await signIn(api(), admin);
    const order = await createOrder(api(), client);
    const viewers: [string, string | undefined][] = [
      ["anonymous", undefined],
      ["client", client.cookie],
      ["worker", worker.cookie],
      ["admin", adminSession.cookie],
    ];
    const paths = pagePaths({ orderId: order.id, userId: client.id });
    expect(paths.length).toBeGreaterThan(25);

    const seenNonces = new Set<string>();
    let pagesShown = 0;
    for (const path of paths) {
      for (const [viewer, cookie] of viewers) {
        const label = `${path} as ${viewer}`;
        const answer = await api().get(path, { cookie });
        expect(answer.status, label).toBeLessThan(500);
        const nonce = expectSecurityHeaders(answer, label, { https: false });
        expect(seenNonces.has(nonce), `${label}: nonce reused`).toBe(false);
        seenNonces.add(nonce);
        expectScriptsCarryNonce(answer, nonce, label);
        if (answer.status === 200 && answer.text.includes("</html>")) pagesShown += 1;
      }
    }
    // Signed-in pages were really shown (not only redirects to sign in).
    expect(pagesShown).toBeGreaterThan(paths.length);
    for (const [path, cookie] of [["/dashboard", client.cookie], ["/payouts", worker.cookie], ["/admin/users", adminSession.cookie]] as const) {
      const answer = await api().get(path, { cookie });
      expect(answer.status, path).toBe(200);
    }
  });

  it("gives a page served from the anonymous page cache the nonce of its own response", async () => {
    const cacheStates: string[] = [];
    for (const path of ["/", "/packages", "/how-it-works", "/terms"]) {
      const first = await api().get(path);
      const second = await api().get(path);
      const nonces = [first, second].map((answer) => {
        const nonce = expectSecurityHeaders(answer, path, { https: false });
        expectScriptsCarryNonce(answer, nonce, `${path} (${answer.headers.get("x-cache") ?? "rendered"})`);
        return nonce;
      });
      expect(nonces[0]).not.toBe(nonces[1]);
      cacheStates.push(second.headers.get("x-cache") ?? "none");
    }
    expect(cacheStates, "the second visit came from the page cache").toContain("HIT");
  });

  it("are set on /api answers and static files too", async () => {
    for (const path of ["/api/auth/me", "/api/no-such-call", "/healthz", "/robots.txt", "/favicon.ico"]) {
      const answer = await api().get(path);
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(parseCsp(answer.headers.get("content-security-policy")).get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(answer.headers.get("strict-transport-security"), path).toBeNull();
    }
  });
});

describe("HSTS", () => {
  const https = serverForTests(securityServerEnv({ PUBLIC_URL: "https://example.com" }));
  const httpsApi = () => Api.of(https.server);
  it("is sent (with upgrade-insecure-requests) when PUBLIC_URL is https, on pages and /api alike", async () => {
    const client = await signUp(httpsApi(), "client");
    for (const [path, cookie] of [["/", undefined], ["/packages", undefined], ["/auth", undefined], ["/no-such-page", undefined], ["/dashboard", client.cookie], ["/profile", client.cookie]] as const) {
      const answer = await httpsApi().get(path, { cookie });
      expect(answer.status, path).toBeLessThan(500);
      const nonce = expectSecurityHeaders(answer, `https ${path}`, { https: true });
      expectScriptsCarryNonce(answer, nonce, `https ${path}`);
    }
    expect((await httpsApi().get("/dashboard", { cookie: client.cookie })).status).toBe(200);
    const apiAnswer = await httpsApi().get("/api/auth/me", { token: client.token });
    expect(apiAnswer.headers.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
    // The session cookie is Secure there.
    const login = await httpsApi().post("/api/auth/login", { email: client.email, password: client.password });
    expect(login.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
  });
});
