import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * /mass-order's forms through the real server, as a browser without JavaScript posts them (issue
 * #21): who may post, a check that prices without paying, a payment posted twice that orders once,
 * and hostile input answered with the form.
 */
let server: TestServer;
const admin = { email: "mass-admin@example.com", password: "mass-admin-password" };

beforeAll(async () => {
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password });
});
afterAll(async () => {
  await server?.stop();
});

async function call(path: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

function postForm(token: string | null, fields: Record<string, string>) {
  return fetch(`${server.url}/mass-order`, {
    method: "POST",
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

let sequence = 0;
async function signUp(role: "client" | "worker") {
  sequence += 1;
  const tag = `${process.pid}x${sequence}`;
  const result = await call("/api/auth/register", {
    body: { email: `mass${tag}@example.com`, username: `mass_${tag}`, fullName: "Yaw Reseller", password: "secret-pass", role, ...(role === "worker" ? { platforms: ["tiktok"] } : {}) },
  });
  expect(result.status).toBe(201);
  return { token: result.body.token as string, id: result.body.user.id as number };
}

async function fund(clientId: number, amount: number) {
  const { body } = await call("/api/auth/login", { body: admin });
  expect((await call(`/api/admin/users/${clientId}/wallet-adjustments`, { token: body.token, body: { amount, reason: "Mass order test" } })).status).toBe(201);
}

/** The page's text as read: React's separators between adjacent text parts removed. */
const pageText = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const hiddenValue = (html: string, name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1];
const balanceOf = async (token: string) => (await call("/api/wallet", { token })).body.balance as number;

describe("/mass-order without JavaScript", () => {
  it("prices on check, pays on the payment form, and the same payment posted again orders nothing more", async () => {
    const client = await signUp("client");
    await fund(client.id, 500);
    const lines = "1 | @yaw.sells | 100\n2 | @yaw_tiktok | 50\n7 | https://www.tiktok.com/@yaw_tiktok/video/7412345678901234567 | 100";
    const checked = await postForm(client.token, { intent: "check", lines });
    expect(checked.status).toBe(200);
    const page = await pageText(checked);
    expect(page).toContain("Total ₵250.00");
    expect(page).toContain("Pay ₵250.00 from balance");
    expect(await balanceOf(client.token)).toBe(500);

    const batch = hiddenValue(page, "batch");
    expect(batch).toMatch(/^[0-9a-f]{32}$/);
    expect(hiddenValue(page, "upToMinor")).toBe("25000");
    const paid = await postForm(client.token, { intent: "place", lines, batch: batch!, upToMinor: "25000" });
    expect(paid.status).toBe(200);
    expect(await pageText(paid)).toContain("3 orders placed, ₵250.00 paid from your balance.");
    const again = await postForm(client.token, { intent: "place", lines, batch: batch!, upToMinor: "25000" });
    expect(await pageText(again)).toContain("3 orders placed, ₵250.00 paid from your balance.");
    expect(await balanceOf(client.token)).toBe(250);
    expect((await call("/api/orders", { token: client.token })).body).toHaveLength(3);
  });

  it("places what the balance covers in the order written and lists the rest: ₵200.00 pays the ₵150.00 line, and the ₵75.00 line is not placed", async () => {
    const client = await signUp("client");
    await fund(client.id, 200);
    const lines = "1 | @first.line | 100\n2 | @second_line | 50";
    const checked = await pageText(await postForm(client.token, { intent: "check", lines }));
    expect(checked).toContain("Total ₵225.00");
    expect(checked).toContain("Your balance does not cover this ₵75.00 after the lines above it: not placed.");
    expect(checked).toContain("Your balance of ₵200.00 covers ₵150.00 of it: 1 line is placed in the order written, and the 1 line it does not cover is not placed and costs nothing.");
    expect(checked).toContain("Pay ₵150.00 from balance");
    expect(checked).not.toContain("does not cover ₵225.00");
    expect(hiddenValue(checked, "upToMinor")).toBe("15000");

    const placed = await postForm(client.token, { intent: "place", lines, batch: hiddenValue(checked, "batch")!, upToMinor: "15000" });
    expect(placed.status).toBe(200);
    const page = await pageText(placed);
    expect(page).toContain("1 order placed, ₵150.00 paid from your balance.");
    expect(page).toContain("1 line your balance did not cover was not placed and cost nothing.");
    expect(page).toContain("Not placed: your balance did not cover this ₵75.00.");
    // The line not placed is back in the field, to order after a top-up.
    expect(page).toMatch(/<textarea[^>]*>2 \| @second_line \| 50<\/textarea>/);
    expect(await balanceOf(client.token)).toBe(50);
    const orders = (await call("/api/orders", { token: client.token })).body as { target_url: string; total_amount: number }[];
    expect(orders.map((order) => [order.target_url, order.total_amount])).toEqual([["https://www.instagram.com/first.line", 150]]);
  });

  it("answers bad input with the form and changes nothing", async () => {
    const client = await signUp("client");
    await fund(client.id, 100);
    const cases: [Record<string, string>, string][] = [
      [{ intent: "check", lines: "" }, "Paste at least one order: service | link | quantity"],
      [{ intent: "check", lines: "x".repeat(20_001) }, "Keep a mass order under 20,000 characters."],
      [{ intent: "place", lines: "1 | @yaw | 50", batch: "'; DROP TABLE orders; --" }, "Check the orders first, then pay."],
      [{ intent: "place", lines: "1 | @yaw | 50" }, "Check the orders first, then pay."],
      [{ intent: "place", lines: "1 | @yaw | 50", batch: "f".repeat(65), upToMinor: "7500" }, "Check the orders first, then pay."],
      [{ intent: "place", lines: "1 | @yaw | 50", batch: "f".repeat(32), upToMinor: "-5" }, "Check the orders first, then pay."],
      [{ intent: "place", lines: "1 | @yaw | 50", batch: "f".repeat(32), upToMinor: "75.5" }, "Check the orders first, then pay."],
      [{ intent: "refund", lines: "1 | @yaw | 50" }, "Unknown action: check the orders or pay for them."],
      [{ intent: "check" }, "Paste at least one order: service | link | quantity"],
    ];
    // A link whose escapes are not UTF-8 is a bad link on its line, as the page answers any bad line.
    const malformed = await postForm(client.token, { intent: "check", lines: "1 | https://instagram.com/%E0%A4%A | 100" });
    expect(malformed.status).toBe(200);
    expect(await pageText(malformed)).toContain("Incorrect link: send the profile URL or @handle of the account");
    // Comments cannot be written on one line (issue #50); a likes line wants a post, not a profile.
    const comments = await postForm(client.token, { intent: "check", lines: "7 | https://www.tiktok.com/@yaw | 100\n6 | https://www.instagram.com/p/C8xYz12AbCd/ | 5" });
    expect(comments.status).toBe(200);
    const commentsPage = await pageText(comments);
    expect(commentsPage).toContain("Incorrect link: This is a link to a TikTok profile: paste the link of the video.");
    expect(commentsPage).toContain("Line 2: comments services take their comments through the checkout or the API");
    for (const [fields, message] of cases) {
      const answer = await postForm(client.token, fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(await pageText(answer)).toContain(message);
    }
    expect(await balanceOf(client.token)).toBe(100);
    expect((await call("/api/orders", { token: client.token })).body).toHaveLength(0);
  });

  it("is for signed-in clients: signed out goes to sign in, a worker is refused (403) and told so on the page", async () => {
    const signedOut = await postForm(null, { intent: "check", lines: "1 | @yaw | 50" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/auth\?/);
    const worker = await signUp("worker");
    expect((await postForm(worker.token, { intent: "check", lines: "1 | @yaw | 50" })).status).toBe(403);
    const page = await fetch(`${server.url}/mass-order`, { headers: { authorization: `Bearer ${worker.token}` } });
    expect(await page.text()).toContain("Mass orders are paid from a client&#x27;s wallet.");
  });
});
