import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * A refund started in Paystack's dashboard, end to end through the real server: the payment is made
 * through the store, the refund is asked of the sandbox directly (as someone in Paystack's dashboard
 * would), the sandbox sends its signed refund.pending / .processing / .processed webhooks to the
 * server, and admins see the refund flagged, with its amount, in GET /api/admin/payments and on
 * /admin/payments.
 */
let server: TestServer;
const admin = { email: "admin-refunds@example.com", password: "admin-refunds-password" };

beforeAll(async () => {
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", PAYSTACK_CARD_MODE: "direct", BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password });
});
afterAll(async () => {
  await server?.stop();
});

async function call(pathname: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (response.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text };
}

/** A client's order paid by card through the store; its payment reference. */
async function paidOrderReference(): Promise<string> {
  const email = `refund${process.pid}@example.com`;
  const registered = await call("/api/auth/register", { body: { email, username: `refund_${process.pid}`, fullName: "Abena Refund", password: "secret-pass", role: "client" } });
  expect(registered.status).toBe(201);
  const token = registered.body.token as string;
  const order = (await call("/api/orders", { token, body: { packageId: "custom-instagram", quantity: 50, targetUsername: `abena${process.pid}`, accountScreenshot: null } })).body;
  const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };
  const charged = await call("/api/payment/charge/card", { token, body: { email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", card } });
  expect(charged.body.data.status).toBe("success");
  return charged.body.data.reference as string;
}

describe("a refund started in Paystack's dashboard", () => {
  it("is booked from Paystack's webhooks and shown to admins as not requested by the store, with its amount", async () => {
    const adminToken = (await call("/api/auth/login", { body: admin })).body.token as string;
    const reference = await paidOrderReference();

    // Paystack's dashboard: a partial refund of ₵20.00, straight at Paystack (here the sandbox).
    const refund = await fetch(`${server.url}/sandbox/paystack/refund`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_sandbox", "content-type": "application/json" },
      body: JSON.stringify({ transaction: reference, amount: 2000 }),
    });
    expect(refund.status).toBe(200);

    const listPath = `/api/admin/payments?q=${encodeURIComponent(reference)}`;
    const deadline = Date.now() + 15_000;
    let listed = (await call(listPath, { token: adminToken })).body;
    while (listed.items?.[0]?.refundedAmount !== 20 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listed = (await call(listPath, { token: adminToken })).body;
    }
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ reference, status: "success", refundState: "partially_refunded", refundOrigin: "paystack_dashboard", refundedAmount: 20 });
    expect((await call("/api/admin/payments?refund=partially_refunded", { token: adminToken })).body.items.map((item: { reference: string }) => item.reference)).toContain(reference);

    const page = await call(`/admin/payments?q=${encodeURIComponent(reference)}`, { token: adminToken });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Refund started outside the store (Paystack dashboard)");
    expect(page.body).toContain("The store did not ask for");
    expect(page.body).toContain("Partially refunded");
  });
});
