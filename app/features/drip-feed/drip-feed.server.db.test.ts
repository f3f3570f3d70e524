import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { adjustClientWallet } from "~/features/admin/wallet-adjustments.server";
import { workerHandleSchema } from "~/features/fulfilment/handle-schema";
import { listAvailableTasks } from "~/features/fulfilment/tasks.server";
import { completeTask } from "~/features/fulfilment/task-completion.server";
import { linkWorkerHandle } from "~/features/fulfilment/worker-handles.server";
import { checkLedger } from "~/features/ledger/ledger-check.server";
import { walletBalanceMinor } from "~/features/ledger/ledger.server";
import { cancellationOfferFor, cancelOrder } from "~/features/orders/order-cancellation.server";
import { requestRefill } from "~/features/refills/refills.server";
import { apiV2Errors } from "~/features/reseller-api/api-v2-contract";
import { type ApiV2Caller, runApiV2Action } from "~/features/reseller-api/api-v2.server";
import { payOrderFromWallet } from "~/features/wallet/wallet.server";
import { createTestApiKey, createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { checkDripFeed, dripFeedErrors, dripFeedFormSchema, priceOfUnits, runsDelivered, slotsOpenedAfter } from "./drip-feed";
import { dripFeedOf, openDueDripRuns, openNextRun } from "./drip-feed.server";

/*
 * Drip-feed orders (issue #21, decision 0026) on PGlite and PostgreSQL: placed through the API's add
 * or "Pay from balance", their runs open on schedule (once, however many processes try), workers
 * never deliver more than the runs opened, and stopping one refunds exactly its undelivered units to
 * the wallet. The ledger's invariants hold after every scenario.
 */
const { prisma, sql } = serviceDatabase();

const minutes = (count: number, from: Date) => new Date(from.getTime() + count * 60_000);
const offendingRules = async () => (await checkLedger(sql())).filter((result) => result.offending > 0);

let sequence = 0;

async function fundedClient(balanceMinor: number): Promise<PublicUser & { caller: ApiV2Caller }> {
  const client = await createTestUser(prisma(), "client");
  const admin = await createTestUser(prisma(), "admin");
  if (balanceMinor > 0) await adjustClientWallet(admin, client.id, { amount: balanceMinor, reason: "Test funding" });
  const key = await createTestApiKey(prisma(), client);
  return { ...client, caller: { userId: client.id, keyId: key.id } };
}

/** An approved Instagram worker with a linked handle. */
async function newWorker() {
  const worker = await createTestUser(prisma(), "worker", { platforms: ["instagram"] });
  await linkWorkerHandle(worker, workerHandleSchema.parse({ platform: "instagram", handle: `dw${process.pid}x${++sequence}` }));
  return worker;
}

/**
 * A small drip-feed order (below the catalogue's minimum, made directly in the database, so a few
 * workers fill a run) paid from the wallet as "Pay from balance" pays it.
 */
async function smallDripOrder({ quantity = 4, runs = 2, interval = 10, paidAt = new Date() } = {}) {
  const client = await fundedClient(10_000);
  const target = `drip${process.pid}x${++sequence}`;
  const order = await prisma().order.create({
    data: {
      clientId: client.id,
      packageId: "custom-instagram",
      packageName: `${quantity} Followers`,
      platform: "instagram",
      quantity,
      targetUsername: `@${target}`,
      targetUrl: `https://instagram.com/${target}`,
      priceMinor: 150 * quantity,
      rewardMinor: 45,
      feeMinor: 3,
      totalMinor: 150 * quantity + 3,
      currency: "GHS",
      dripRuns: runs,
      dripIntervalMinutes: interval,
    },
  });
  await payOrderFromWallet(client, order.id, paidAt);
  return { client, orderId: order.id };
}

const taskOf = (orderId: number) => prisma().task.findFirstOrThrow({ where: { orderId }, select: { id: true, requiredCompletions: true, completionCount: true, status: true } });
const orderOf = (orderId: number) =>
  prisma().order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true, paymentStatus: true, deliveredQuantity: true, dripRunsOpened: true, dripNextRunAt: true, dripRefundedQuantity: true } });

async function deliver(orderId: number, count: number) {
  const { id } = await taskOf(orderId);
  for (let index = 0; index < count; index += 1) await completeTask(await newWorker(), id, {});
}

describe("the rules of runs", () => {
  it("reads runs and interval, or none for an order delivered at once, with a clear message for each bad value", () => {
    expect(checkDripFeed({})).toBeNull();
    expect(checkDripFeed({ runs: "", interval: " " })).toBeNull();
    expect(checkDripFeed({ runs: "5", interval: "60" })).toEqual({ runs: 5, intervalMinutes: 60 });
    for (const runs of ["0", "1", "51", "1000000", "-2", "2.5", "abc", "1e2"]) expect(checkDripFeed({ runs, interval: "60" }), runs).toEqual({ error: dripFeedErrors.badRuns });
    for (const interval of [undefined, "", "0", "10081", "-5", "1.5", "soon"]) expect(checkDripFeed({ runs: "3", interval }), String(interval)).toEqual({ error: dripFeedErrors.badInterval });
    expect(checkDripFeed({ interval: "60" })).toEqual({ error: dripFeedErrors.intervalWithoutRuns });
    expect(dripFeedFormSchema.safeParse({ runs: "0", interval: "5" }).error?.issues[0].message).toBe(dripFeedErrors.badRuns);
    expect(dripFeedFormSchema.parse({ runs: "", interval: "" })).toBeNull();
  });

  it("splits the quantity into runs that differ by at most one unit and end at the whole", () => {
    expect([0, 1, 2, 3].map((opened) => slotsOpenedAfter(300, 3, opened))).toEqual([0, 100, 200, 300]);
    expect([1, 2, 3].map((opened) => slotsOpenedAfter(100, 3, opened))).toEqual([33, 66, 100]);
    expect(runsDelivered(100, 3, 0)).toBe(0);
    expect(runsDelivered(100, 3, 66)).toBe(2);
    expect(runsDelivered(100, 3, 100)).toBe(3);
    // The catalogue's price is the unit price × quantity, so a part's price is exact.
    expect(priceOfUnits(150 * 300, 300, 180)).toBe(150 * 180);
  });
});

describe("add with runs and interval", () => {
  it("orders quantity × runs, charges the whole, opens the first run's slots and schedules the next", async () => {
    const client = await fundedClient(100_000);
    const now = new Date("2026-11-26T10:00:00.000Z");
    const answer = (await runApiV2Action(client.caller, "add", { service: "1", link: "@drip.api", quantity: "100", runs: "5", interval: "60" }, now)) as { order: number };
    expect(answer).toEqual({ order: expect.any(Number) });
    const order = await prisma().order.findUniqueOrThrow({ where: { id: answer.order } });
    expect(order).toMatchObject({ quantity: 500, priceMinor: 75_000, totalMinor: 75_000, paidFromWallet: true, status: "processing", dripRuns: 5, dripIntervalMinutes: 60, dripRunsOpened: 1 });
    expect(order.dripNextRunAt).toEqual(minutes(60, now));
    expect(await taskOf(order.id)).toMatchObject({ requiredCompletions: 100, status: "available" });
    expect(await walletBalanceMinor(sql(), client.id)).toBe(25_000);
    expect(await runApiV2Action(client.caller, "status", { order: String(order.id) })).toEqual({
      charge: "750.00",
      start_count: "0",
      status: "Processing",
      remains: "500",
      currency: "GHS",
      runs: "5",
      runs_opened: "1",
      runs_done: "0",
      next_run_at: "2026-11-26T11:00:00.000Z",
    });
    expect(await offendingRules()).toEqual([]);
  });

  it("refuses zero, one or absurd runs, a bad interval, or a whole over the maximum, each with its message, and changes nothing", async () => {
    const client = await fundedClient(1_000_000);
    const base = { service: "1", link: "@drip.refused", quantity: "100" };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, runs: "0", interval: "60" }, apiV2Errors.badRuns],
      [{ ...base, runs: "1", interval: "60" }, apiV2Errors.badRuns],
      [{ ...base, runs: "51", interval: "60" }, apiV2Errors.badRuns],
      [{ ...base, runs: "99999999999", interval: "60" }, apiV2Errors.badRuns],
      [{ ...base, runs: "many", interval: "60" }, apiV2Errors.badRuns],
      [{ ...base, runs: "5" }, apiV2Errors.badInterval],
      [{ ...base, runs: "5", interval: "0" }, apiV2Errors.badInterval],
      [{ ...base, runs: "5", interval: "10081" }, apiV2Errors.badInterval],
      [{ ...base, interval: "60" }, apiV2Errors.intervalWithoutRuns],
      [{ ...base, quantity: "50000", runs: "3", interval: "60" }, apiV2Errors.dripTotalTooLarge],
      [{ ...base, quantity: "49", runs: "3", interval: "60" }, apiV2Errors.badQuantityFor({ minQuantity: 50, maxQuantity: 100_000 })],
    ];
    for (const [params, error] of cases) expect(await runApiV2Action(client.caller, "add", params), JSON.stringify(params)).toEqual({ error });
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(0);
    expect(await walletBalanceMinor(sql(), client.id)).toBe(1_000_000);
  });

  it("refuses a drip-feed the balance does not cover as a whole", async () => {
    // 3 runs of 100 cost ₵450.00; the balance holds ₵449.99.
    const client = await fundedClient(44_999);
    expect(await runApiV2Action(client.caller, "add", { service: "1", link: "@drip.poor", quantity: "100", runs: "3", interval: "5" })).toEqual({ error: apiV2Errors.notEnoughFunds });
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(0);
  });
});

describe("runs open on schedule", () => {
  it("opens nothing early, the next run when due, a task its last run filled again, and no more once all are open", async () => {
    const paidAt = new Date();
    const { orderId } = await smallDripOrder({ quantity: 5, runs: 3, interval: 10, paidAt });
    expect(await taskOf(orderId)).toMatchObject({ requiredCompletions: 1, status: "available" });
    await deliver(orderId, 1);
    expect(await taskOf(orderId)).toMatchObject({ completionCount: 1, status: "completed" });
    // The run is filled: no worker is offered more than it.
    const filledTaskId = (await taskOf(orderId)).id;
    expect((await listAvailableTasks(await newWorker(), 50)).map((task) => task.id)).not.toContain(filledTaskId);
    expect(await refusal(completeTask(await newWorker(), (await taskOf(orderId)).id, {}))).toMatchObject({ status: 409 });

    // The job runs over every order: another test's order may be due by then (its clock is fixed), this one is not.
    await openDueDripRuns(minutes(9, paidAt));
    expect(await orderOf(orderId)).toMatchObject({ dripRunsOpened: 1, dripNextRunAt: minutes(10, paidAt) });
    expect(await openNextRun(orderId, minutes(9, paidAt))).toBe(false);
    expect(await taskOf(orderId)).toMatchObject({ requiredCompletions: 1, status: "completed" });

    expect(await openDueDripRuns(minutes(10, paidAt))).toBeGreaterThanOrEqual(1);
    expect(await taskOf(orderId)).toMatchObject({ requiredCompletions: 3, completionCount: 1, status: "available" });
    expect(await orderOf(orderId)).toMatchObject({ dripRunsOpened: 2, dripNextRunAt: minutes(20, paidAt) });
    expect(await dripFeedOf(orderId)).toMatchObject({ runs: 3, runsOpened: 2, runsDelivered: 1, nextRunAt: minutes(20, paidAt).toISOString() });

    expect(await openNextRun(orderId, minutes(25, paidAt))).toBe(true);
    expect(await taskOf(orderId)).toMatchObject({ requiredCompletions: 5 });
    expect(await orderOf(orderId)).toMatchObject({ dripRunsOpened: 3, dripNextRunAt: null });
    expect(await openNextRun(orderId, minutes(60, paidAt))).toBe(false);

    await deliver(orderId, 4);
    expect(await orderOf(orderId)).toMatchObject({ status: "completed", deliveredQuantity: 5 });
    expect(await taskOf(orderId)).toMatchObject({ completionCount: 5, status: "completed" });
    expect(await dripFeedOf(orderId)).toMatchObject({ runsDelivered: 3, nextRunAt: null });
    expect(await offendingRules()).toEqual([]);
  });

  it("opens a due run once when several processes run the job at the same time", async () => {
    const paidAt = new Date();
    const { orderId } = await smallDripOrder({ quantity: 6, runs: 3, interval: 1, paidAt });
    const due = minutes(1, paidAt);
    const results = await Promise.all([openNextRun(orderId, due), openNextRun(orderId, due), openDueDripRuns(due), openNextRun(orderId, due)]);
    expect(results.filter((result) => result === true)).toHaveLength(1);
    expect(await taskOf(orderId)).toMatchObject({ requiredCompletions: 4 });
    expect(await orderOf(orderId)).toMatchObject({ dripRunsOpened: 2 });
  });
});

describe("stopping a drip-feed order", () => {
  it("ends it partial, refunds exactly the undelivered units to the wallet, closes its task and refuses later deliveries", async () => {
    const paidAt = new Date();
    const { client, orderId } = await smallDripOrder({ quantity: 6, runs: 3, interval: 10, paidAt });
    await deliver(orderId, 1);
    expect(await walletBalanceMinor(sql(), client.id)).toBe(10_000 - 900);
    expect(await cancellationOfferFor(client, orderId)).toEqual({ refundsPayment: true, until: null, dripFeed: { undeliveredQuantity: 5, refundMinor: 750 } });

    const cancelled = await cancelOrder(client, orderId, minutes(5, paidAt));
    expect(cancelled).toMatchObject({ status: "partial", paymentStatus: "paid", deliveredQuantity: 1 });
    expect(await orderOf(orderId)).toMatchObject({ status: "partial", dripRefundedQuantity: 5, dripNextRunAt: null });
    expect(await walletBalanceMinor(sql(), client.id)).toBe(10_000 - 150);
    expect(await taskOf(orderId)).toMatchObject({ status: "cancelled" });
    expect(await dripFeedOf(orderId)).toMatchObject({ refundedQuantity: 5, refundedMinor: 750 });
    const mail = await prisma().outboxMessage.findUniqueOrThrow({ where: { idempotencyKey: `order:${orderId}:cancelledByClient` } });
    expect(mail.textBody).toContain("₵7.50 goes back into your wallet at once");

    // A retried cancel, the job, and a worker all find it ended: nothing more moves.
    expect((await refusal(cancelOrder(client, orderId, minutes(6, paidAt)))).status).toBe(422);
    expect(await openNextRun(orderId, minutes(30, paidAt))).toBe(false);
    expect(await walletBalanceMinor(sql(), client.id)).toBe(10_000 - 150);
    expect(await cancellationOfferFor(client, orderId)).toBeNull();
    expect(await offendingRules()).toEqual([]);

    // What was delivered is covered like a completed order's delivery: the client may ask for a refill.
    expect(await requestRefill(client, orderId, null, minutes(60, paidAt))).toMatchObject({ status: "pending" });
  });

  it("with nothing delivered: cancelled and refunded in full, hours after payment", async () => {
    const paidAt = new Date(Date.now() - 5 * 3_600_000);
    const { client, orderId } = await smallDripOrder({ quantity: 4, runs: 2, interval: 600, paidAt });
    const cancelled = await cancelOrder(client, orderId);
    expect(cancelled).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await walletBalanceMinor(sql(), client.id)).toBe(10_000);
    expect(await offendingRules()).toEqual([]);
  });

  it("is refused once every run has opened (the store's usual rule then applies), and for another client", async () => {
    const paidAt = new Date(Date.now() - 2 * 3_600_000);
    const { client, orderId } = await smallDripOrder({ quantity: 4, runs: 2, interval: 10, paidAt });
    const stranger = await fundedClient(0);
    expect((await refusal(cancelOrder(stranger, orderId))).status).toBe(404);
    expect(await openNextRun(orderId, minutes(10, paidAt))).toBe(true);
    expect(await cancellationOfferFor(client, orderId)).toBeNull();
    expect((await refusal(cancelOrder(client, orderId))).status).toBe(422);
    expect(await walletBalanceMinor(sql(), client.id)).toBe(10_000 - 600);
    expect(await offendingRules()).toEqual([]);
  });

  it("never over-delivers: completions racing the stop are either counted before it or refused", async () => {
    const { client, orderId } = await smallDripOrder({ quantity: 8, runs: 2, interval: 10 });
    const { id: taskId } = await taskOf(orderId);
    const workers = await Promise.all(Array.from({ length: 4 }, () => newWorker()));
    const outcomes = await Promise.allSettled([...workers.map((worker) => completeTask(worker, taskId, {})), cancelOrder(client, orderId)]);
    expect(outcomes.at(-1)?.status).toBe("fulfilled");
    const order = await orderOf(orderId);
    const completions = await prisma().taskCompletion.count({ where: { taskId } });
    expect(completions).toBe(order.deliveredQuantity);
    expect(order.dripRefundedQuantity).toBe(8 - order.deliveredQuantity);
    expect(await walletBalanceMinor(sql(), client.id)).toBe(10_000 - 150 * order.deliveredQuantity);
    expect(await offendingRules()).toEqual([]);
  });

  it("through the API's cancel: answers 1, then status Partial with the charge after the refund", async () => {
    const client = await fundedClient(100_000);
    const { order } = (await runApiV2Action(client.caller, "add", { service: "1", link: "@drip.cancel", quantity: "100", runs: "4", interval: "30" })) as { order: number };
    expect(await runApiV2Action(client.caller, "cancel", { orders: String(order) })).toEqual([{ order, cancel: 1 }]);
    expect(await runApiV2Action(client.caller, "status", { order: String(order) })).toMatchObject({ status: "Canceled", remains: "400", runs: "4", runs_opened: "1", next_run_at: null });
    expect(await walletBalanceMinor(sql(), client.id)).toBe(100_000);
    expect(await runApiV2Action(client.caller, "cancel", { orders: String(order) })).toEqual([{ order, cancel: { error: apiV2Errors.notCancellable } }]);
    expect(await offendingRules()).toEqual([]);
  });
});

describe("Deliver gradually at Pay from balance", () => {
  it("makes the order a drip-feed in the payment's transaction, and refuses runs smaller than the minimum without paying", async () => {
    const client = await fundedClient(100_000);
    const createOrderRow = (quantity: number) =>
      prisma().order.create({
        data: { clientId: client.id, packageId: "custom-tiktok", packageName: `${quantity} Followers`, platform: "tiktok", quantity, targetUsername: "@grad", targetUrl: "https://tiktok.com/@grad", priceMinor: 150 * quantity, feeMinor: 1, totalMinor: 150 * quantity + 1, rewardMinor: 45, currency: "GHS" },
      });
    const tooSmall = await createOrderRow(100);
    expect(await refusal(payOrderFromWallet(client, tooSmall.id, new Date(), { runs: 3, intervalMinutes: 60 }))).toMatchObject({ status: 400, message: dripFeedErrors.runTooSmall });
    expect(await prisma().order.findUniqueOrThrow({ where: { id: tooSmall.id } })).toMatchObject({ paymentStatus: "unpaid", dripRuns: null });
    expect(await walletBalanceMinor(sql(), client.id)).toBe(100_000);

    const gradual = await createOrderRow(250);
    const now = new Date();
    await payOrderFromWallet(client, gradual.id, now, { runs: 3, intervalMinutes: 120 });
    expect(await prisma().order.findUniqueOrThrow({ where: { id: gradual.id } })).toMatchObject({ paymentStatus: "paid", feeMinor: 0, dripRuns: 3, dripRunsOpened: 1, dripNextRunAt: minutes(120, now) });
    expect(await taskOf(gradual.id)).toMatchObject({ requiredCompletions: 83 });
    expect(await walletBalanceMinor(sql(), client.id)).toBe(100_000 - 37_500);
    expect(await offendingRules()).toEqual([]);
  });
});
