import { afterAll, expect, it } from "vitest";
import { createPostgresDatabase, makeDataDir, type RunningServer, startServer } from "./testing/spawn-server";

/*
 * Issue #6's kill test: the server is killed (SIGKILL) while a mobile-money payment waits for the
 * payer; the payer approves while it is down; after a restart on the same data the order is settled
 * and paid exactly once, by the sandbox's re-armed webhook or the reconciler, whichever is first.
 * On PostgreSQL when TEST_DATABASE_URL is set, else on PGlite.
 */
const running: RunningServer[] = [];
let dropDatabase = async () => {};
afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  await dropDatabase();
});

async function call(server: RunningServer, path: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

it("settles a payment approved while the server was down, exactly once, after a restart", async () => {
  const dataDir = makeDataDir();
  const env: Record<string, string> = { DATA_DIR: dataDir, SANDBOX_MOMO_APPROVE_MS: "1500", REGISTER_LIMIT_PER_HOUR: "100" };
  if (process.env.TEST_DATABASE_URL) {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    dropDatabase = database.drop;
    env.DATABASE_URL = database.url;
  }
  const first = await startServer(env, { database: "pglite" });
  running.push(first);

  const email = `restart${process.pid}@example.com`;
  const registered = await call(first, "/api/auth/register", { body: { email, username: `restart_${process.pid}`, fullName: "Esi Restart", password: "secret-pass", role: "client" } });
  const token: string = registered.body.token;
  const order = (await call(first, "/api/orders", { token, body: { packageId: "custom-youtube", quantity: 50, targetUsername: "esi.tv", accountScreenshot: null } })).body;
  const charged = await call(first, "/api/payment/charge/mobile-money", {
    token,
    body: { email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", mobile_money: { phone: "0551234987", provider: "mtn" } },
  });
  expect(charged.body.data.status).toBe("pay_offline");

  await first.stop("SIGKILL");
  running.pop();
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // the payer approves meanwhile

  const second = await startServer(env, { database: "pglite" });
  running.push(second);
  const restartedAt = Date.now();
  let current = (await call(second, `/api/orders/${order.id}`, { token })).body;
  while (current.paymentStatus !== "paid" && Date.now() - restartedAt < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    current = (await call(second, `/api/orders/${order.id}`, { token })).body;
  }
  expect(current).toMatchObject({ status: "processing", paymentStatus: "paid" });
  const verified = await call(second, `/api/payment/verify/${charged.body.data.reference}`);
  expect(verified.body.data.status).toBe("success");
  // Paid once: the client's spending is this order's total, not twice it.
  expect((await call(second, "/api/stats/client", { token })).body.totalSpent).toBe(order.amount);
  console.info(`restart: order settled ${Date.now() - restartedAt} ms after the server came back`);
}, 60_000);
