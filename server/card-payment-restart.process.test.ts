import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { readRecords } from "../sandbox/paystack/store";
import { adminAccount, chargeCard, createOrder, must, registerClient, type ScenarioEnvironment, scenarioEnvironment, waitFor } from "./testing/restart-scenario";
import { type RunningServer, startServer } from "./testing/spawn-server";

/*
 * Issue #9 (faults): the server is killed (SIGKILL) while several card charges are in flight — some
 * answered, some charged by Paystack but not yet recorded, some not yet sent — and restarted on the
 * same data. Afterwards no order is paid twice, and every charge Paystack (the sandbox, whose state
 * survives in DATA_DIR) took ends credited to its order by the reconciler, or, when it was a second
 * payment of one order, refunded: no money is lost. PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 */
const running: RunningServer[] = [];
let scenario: ScenarioEnvironment | undefined;
afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  await scenario?.dispose();
});

const orderCount = 8;
/** Orders that get two charges at once, as from a double click in two tabs. */
const doublyChargedOrders = 2;

/** The store's references read `smb-<order id>-<random>` (payments.server.ts). */
const orderOfReference = (charge: { reference: string }) => Number(/^smb-(\d+)-/.exec(charge.reference)?.[1] ?? Number.NaN);

interface SandboxCharge {
  reference: string;
  amount: number;
  state: string;
  refunds: { amount: number }[];
}

it("credits every charge Paystack took before a kill -9, pays no order twice, loses none", async () => {
  const testStartedAt = Date.now();
  scenario = await scenarioEnvironment({});
  const first = await startServer(scenario.env, { database: "pglite" });
  running.push(first);
  const client = await registerClient(first, `card_kill_${process.pid}`);
  const orders: { id: number; amount: number }[] = [];
  for (let index = 0; index < orderCount; index++) orders.push(await createOrder(first, client.token, `card.kill.${index}`));

  const setupMs = Date.now() - testStartedAt;
  // All charges at once; the server dies as soon as the first one is answered.
  const charges = [...orders, ...orders.slice(0, doublyChargedOrders)];
  let killed: Promise<unknown> | undefined;
  const answers = await Promise.all(
    charges.map(async (order) => {
      try {
        const answer = await chargeCard(first, client, order);
        killed ??= first.stop("SIGKILL");
        return { orderId: order.id, status: answer.status, paymentStatus: answer.body?.data?.status as string | undefined };
      } catch {
        return { orderId: order.id, status: "no answer" as const, paymentStatus: undefined };
      }
    }),
  );
  await (killed ?? first.stop("SIGKILL"));
  running.splice(running.indexOf(first), 1);
  const answeredSuccess = answers.filter((answer) => answer.paymentStatus === "success").map((answer) => answer.orderId);
  expect(answers.filter((answer) => answer.status === "no answer").length, "some charges were in flight when the server died").toBeGreaterThan(0);

  // What Paystack holds: the sandbox's records survive in the data directory.
  const sandboxDirectory = path.join(scenario.env.DATA_DIR!, "paystack-sandbox");
  const readSandboxCharges = (): SandboxCharge[] => [...readRecords<SandboxCharge>(sandboxDirectory, "charges").values()];
  const takenAtKill = readSandboxCharges().filter((charge) => charge.state === "success");

  const restartedAt = Date.now();
  const second = await startServer(scenario.env, { database: "pglite" });
  running.push(second);
  const listeningMs = Date.now() - restartedAt;

  // Every charge Paystack took is settled: its attempt recorded as a success, its order paid.
  // The reconciler looks at an attempt 10 s after it was made, then runs every 5 s: bounded at 40 s.
  const { token: adminToken } = await must(second, "POST", "/api/auth/login", { body: adminAccount });
  const settled = await waitFor("every charge Paystack took to be settled", 40_000, async () => {
    const listed = (await must(second, "GET", "/api/admin/payments", { token: adminToken })).items as { reference: string; status: string }[];
    const states = await Promise.all(orders.map((order) => must(second, "GET", `/api/orders/${order.id}`, { token: client.token })));
    const paid = states.filter((state) => state.paymentStatus === "paid").map((state) => state.id as number);
    const recorded = takenAtKill.every((charge) => listed.some((attempt) => attempt.reference === charge.reference && attempt.status === "success"));
    return recorded && [...takenAtKill.map(orderOfReference), ...answeredSuccess].every((orderId) => paid.includes(orderId)) ? paid : undefined;
  }).catch(() => undefined);
  const settleMs = Date.now() - restartedAt;
  const totalSpent = (await must(second, "GET", "/api/stats/client", { token: client.token })).totalSpent as number;
  const stoppingAt = Date.now();
  await second.stop("SIGTERM");
  running.splice(running.indexOf(second), 1);

  const attempts = await scenario.inspect(({ sql }) =>
    sql.query<{ reference: string; order_id: number; status: string; paid_at: Date | null; refund_state: string | null }>(
      "SELECT reference, order_id, status::text AS status, paid_at, refund_state::text AS refund_state FROM payment_attempts",
    ),
  );
  const paidOrders = await scenario.inspect(({ sql }) => sql.query<{ id: number; total_minor: number }>("SELECT id, total_minor FROM orders WHERE payment_status = 'paid'"));
  const stopAndReadMs = Date.now() - stoppingAt;
  const takenByPaystack = readSandboxCharges().filter((charge) => charge.state === "success");
  const attemptOf = (reference: string) => attempts.find((attempt) => attempt.reference === reference);

  console.info(
    `card kill (${scenario.engine}): set-up ${setupMs} ms, stop + reading ${stopAndReadMs} ms; ${charges.length} charges, answers ${JSON.stringify(answers.map((answer) => answer.paymentStatus ?? answer.status))}; ` +
      `Paystack had taken ${takenAtKill.length} at the kill, ${takenByPaystack.length} in the end; restart ${listeningMs} ms until listening, ` +
      `every taken charge settled ${settleMs} ms after the restart began; ${paidOrders.length} orders paid, ` +
      `${attempts.filter((attempt) => attempt.refund_state !== null).length} second payments refunded`,
  );

  expect(settled, "every charge Paystack took was settled within the bound").toBeDefined();
  // Each charge Paystack took is known to the store and recorded as received: credited to its
  // order, or, when the order was already paid, marked for a refund. None is lost.
  for (const charge of takenByPaystack) {
    const attempt = attemptOf(charge.reference);
    expect(attempt, `attempt ${charge.reference}`).toBeDefined();
    expect(attempt!.status, charge.reference).toBe("success");
    expect(attempt!.paid_at, charge.reference).not.toBeNull();
  }
  // No order paid twice: exactly one credited (not refunded) attempt per paid order, none on an unpaid one.
  const credited = attempts.filter((attempt) => attempt.paid_at !== null && attempt.refund_state === null);
  expect(credited.map((attempt) => Number(attempt.order_id)).sort()).toEqual(paidOrders.map((order) => Number(order.id)).sort());
  expect(new Set(credited.map((attempt) => Number(attempt.order_id))).size).toBe(credited.length);
  const refunded = attempts.filter((attempt) => attempt.refund_state !== null);
  expect(refunded.length + credited.length).toBe(takenByPaystack.length);
  // Whatever the client was told had succeeded is paid, and they were charged once for it.
  for (const orderId of answeredSuccess) expect(paidOrders.map((order) => Number(order.id))).toContain(orderId);
  expect(Math.round(totalSpent * 100)).toBe(paidOrders.reduce((sum, order) => sum + Number(order.total_minor), 0));
  // An attempt Paystack never took is never credited.
  for (const attempt of credited) expect(takenByPaystack.map((charge) => charge.reference)).toContain(attempt.reference);
}, 90_000);
