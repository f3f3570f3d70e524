import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { decideWorker, listWorkers } from "~/features/admin/workers.server";
import type { CatalogPlatform } from "~/features/catalog/catalog";
import { createOrderSchema } from "~/features/orders/order-schema";
import { cancelOrder } from "~/features/orders/order-cancellation.server";
import { createOrder } from "~/features/orders/order-placement.server";
import { listOrdersFor } from "~/features/orders/orders.server";
import { applyTransactionOutcome } from "~/features/payments/settlement.server";
import { AppError } from "~/lib/errors";
import { createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { workerStats } from "./earnings.server";
import { workerHandleSchema } from "./handle-schema";
import { rejectCompletion, releaseHeldEarnings } from "./review.server";
import { countAvailableTasks, listAvailableTasks, listMyTasks } from "./tasks.server";
import { commentReservationMinutes, completeTask, reserveCommentLine } from "./task-completion.server";
import { linkWorkerHandle } from "./worker-handles.server";

/*
 * Fulfilment on PGlite or PostgreSQL: paid orders open tasks, approved workers complete them, the
 * ledger holds then releases earnings, admins reject. Orders are paid through the same settlement
 * transition the payment roads use.
 */
// Read when the services first read their settings (at the first test), so set here.
process.env.COMPLETIONS_PER_DAY = "4";
process.env.COMPLETION_HOLD_HOURS = "72";

const { prisma } = serviceDatabase();

let sequence = 0;
const newUser = (role: "client" | "worker" | "admin", status: "active" | "pending_review" = "active", platforms: string[] = []): Promise<PublicUser> =>
  createTestUser(prisma(), role, { status, platforms, fullName: "Yaw Worker" });

/** An approved worker with a linked handle (on Instagram unless said). */
async function newWorker(handle = `h${process.pid}x${++sequence}`, platform: CatalogPlatform = "instagram") {
  const worker = await newUser("worker", "active", [platform]);
  await linkWorkerHandle(worker, workerHandleSchema.parse({ platform, handle }));
  return worker;
}

/** A paid order (settled as Paystack's verified success would settle it) and its task. */
async function paidOrder(quantity = 50, target = `target${process.pid}x${++sequence}`, platform: CatalogPlatform = "instagram") {
  const client = await newUser("client");
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: `custom-${platform}`, quantity, targetUsername: target, accountScreenshot: null }));
  const reference = `ful_${order.id}_${Date.now()}`;
  await prisma().paymentAttempt.create({ data: { orderId: order.id, reference, channel: "card", amountMinor: Math.round(order.amount * 100), currency: "GHS" } });
  expect(await applyTransactionOutcome({ reference, status: "success", amount: Math.round(order.amount * 100), currency: "GHS" })).toBe("credited");
  const task = await prisma().task.findFirstOrThrow({ where: { orderId: order.id } });
  return { client, order, task };
}

/** A paid order of a post service (likes, views, comments) on one Instagram post, and its task. */
async function paidPostOrder(packageId: string, quantity: number, postUrl = newPostUrl(), comments?: string[]) {
  const client = await newUser("client");
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId, quantity, targetUrl: postUrl, comments, accountScreenshot: null }));
  const reference = `ful_${order.id}_${Date.now()}`;
  await prisma().paymentAttempt.create({ data: { orderId: order.id, reference, channel: "card", amountMinor: Math.round(order.amount * 100), currency: "GHS" } });
  expect(await applyTransactionOutcome({ reference, status: "success", amount: Math.round(order.amount * 100), currency: "GHS" })).toBe("credited");
  const task = await prisma().task.findFirstOrThrow({ where: { orderId: order.id } });
  return { client, order, task };
}

const newPostUrl = () => `https://www.instagram.com/p/C${process.pid}x${++sequence}/`;

const seconds = (count: number, from = new Date()) => new Date(from.getTime() + count * 1000);

describe("tasks from paid orders", () => {
  it("opens one task per paid order with the catalogue's reward per action", async () => {
    const { task, order } = await paidOrder(120);
    expect(task).toMatchObject({ platform: "instagram", type: "followers", targetUrl: order.targetUrl, rewardMinor: 45, requiredCompletions: 120, completionCount: 0, status: "available" });
    expect(await prisma().task.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("offers it only to approved workers with a handle on that platform, oldest first", async () => {
    const { task } = await paidOrder();
    const worker = await newWorker();
    expect((await listAvailableTasks(worker, 50)).map((item) => item.id)).toContain(task.id);
    const pending = await newUser("worker", "pending_review", ["instagram"]);
    expect((await refusal(listAvailableTasks(pending))).status).toBe(403);
    const withoutHandle = await newUser("worker", "active", ["instagram"]);
    expect(await listAvailableTasks(withoutHandle)).toEqual([]);
    const otherPlatform = await newUser("worker", "active", ["tiktok"]);
    await linkWorkerHandle(otherPlatform, workerHandleSchema.parse({ platform: "tiktok", handle: `tt${sequence}` }));
    expect(await listAvailableTasks(otherPlatform)).toEqual([]);
    expect((await refusal(completeTask(otherPlatform, task.id, {}))).status).toBe(403);
    const tasks = await listAvailableTasks(worker, 50);
    expect(tasks.map((item) => item.createdAt)).toEqual([...tasks.map((item) => item.createdAt)].sort());
  });
});

describe("completing a task", () => {
  it("records the completion, holds the reward in the ledger and moves the order", async () => {
    const { task, order, client } = await paidOrder(50);
    const worker = await newWorker("ama.follows");
    const done = await completeTask(worker, task.id, {});
    expect(done).toMatchObject({ id: task.id, handle: "ama.follows", review: "held", reward: 0.45, status: "completed" });
    expect(await prisma().ledgerEntry.findMany({ where: { userId: worker.id }, select: { kind: true, bucket: true, amountMinor: true } })).toEqual([{ kind: "earning", bucket: "held", amountMinor: 45 }]);
    const [listed] = await listOrdersFor(client, { limit: 5 });
    expect(listed).toMatchObject({ id: order.id, progress: 2, status: "processing" });
    expect(await workerStats(worker)).toMatchObject({ totalEarnings: 0.45, todayEarnings: 0.45, completedTasks: 1, heldEarnings: 0.45, availableBalance: 0 });
    // Never twice for the same target: not by this account, not by this handle.
    expect(await listAvailableTasks(worker, 50)).not.toContainEqual(expect.objectContaining({ id: task.id }));
    expect((await refusal(completeTask(worker, task.id, {}, seconds(10)))).status).toBe(409);
  });

  it("never offers a target to a handle that already did it, even from another account", async () => {
    const { task } = await paidOrder();
    const first = await newWorker("shared.handle");
    await completeTask(first, task.id, {});
    await linkWorkerHandle(first, workerHandleSchema.parse({ platform: "instagram", handle: "moved.on" }));
    const second = await newWorker("shared.handle");
    expect(await listAvailableTasks(second, 50)).not.toContainEqual(expect.objectContaining({ id: task.id }));
    expect((await refusal(completeTask(second, task.id, {}))).message).toBe("You have already completed a task for this account.");
  });

  it("refuses a proof handle that is not the worker's own", async () => {
    const { task } = await paidOrder();
    const worker = await newWorker("mine.only");
    const error = await refusal(completeTask(worker, task.id, { proofHandle: "@someone.else" }));
    expect(error).toMatchObject({ status: 400, message: "Use the Instagram handle linked to your profile (@mine.only)." });
  });

  it("answers 404 for a task that does not exist, an id past PostgreSQL's integer included", async () => {
    const worker = await newWorker("no.such.task");
    for (const taskId of [0, 987_654, 2_147_483_648, 99_999_999_999]) {
      expect(await refusal(completeTask(worker, taskId, {}))).toMatchObject({ status: 404, message: "Task not found" });
    }
  });

  it("limits bursts (one per 5 s) and days (COMPLETIONS_PER_DAY)", async () => {
    const worker = await newWorker();
    const start = new Date();
    const tasks = await Promise.all(Array.from({ length: 5 }, () => paidOrder()));
    await completeTask(worker, tasks[0].task.id, {}, start);
    expect(await refusal(completeTask(worker, tasks[1].task.id, {}, seconds(2, start)))).toMatchObject({ status: 429, message: "Please wait 5 seconds between tasks." });
    await completeTask(worker, tasks[1].task.id, {}, seconds(6, start));
    await completeTask(worker, tasks[2].task.id, {}, seconds(12, start));
    await completeTask(worker, tasks[3].task.id, {}, seconds(18, start));
    expect((await refusal(completeTask(worker, tasks[4].task.id, {}, seconds(24, start)))).status).toBe(429);
    expect(await prisma().taskCompletion.count({ where: { workerId: worker.id } })).toBe(4);
  });

  it("delivers exactly the quantity when 50 workers complete a 20-slot task at once", async () => {
    // Quantity 50 is the catalogue's minimum: narrow the task to 20 slots for the race.
    const { task, order } = await paidOrder(50);
    await prisma().task.update({ where: { id: task.id }, data: { requiredCompletions: 20 } });
    const workers = await Promise.all(Array.from({ length: 50 }, () => newWorker()));
    const started = performance.now();
    const results = await Promise.allSettled(workers.map((worker) => completeTask(worker, task.id, {})));
    const elapsedMs = performance.now() - started;
    const refused = results.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(20);
    expect(refused.every((error) => error instanceof AppError && error.status === 409)).toBe(true);
    expect(await prisma().taskCompletion.count({ where: { taskId: task.id } })).toBe(20);
    expect(await prisma().task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ completionCount: 20, status: "completed" });
    expect((await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).deliveredQuantity).toBe(20);
    const earned = await prisma().ledgerEntry.aggregate({ where: { taskCompletion: { taskId: task.id } }, _sum: { amountMinor: true }, _count: true });
    expect(earned).toMatchObject({ _count: 20, _sum: { amountMinor: 20 * 45 } });
    console.info(`race: 50 workers on a 20-slot task -> 20 completions, 30 refused (409), in ${elapsedMs.toFixed(0)} ms`);
  });

  it("completes the order with its last delivery", async () => {
    const { task, order } = await paidOrder(50);
    await prisma().task.update({ where: { id: task.id }, data: { requiredCompletions: 1 } });
    await prisma().order.update({ where: { id: order.id }, data: { deliveredQuantity: 49 } });
    await completeTask(await newWorker(), task.id, {});
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "completed", deliveredQuantity: 50 });
  });

  it("stops when the order is cancelled: its task closes", async () => {
    const { task, order, client } = await paidOrder();
    await cancelOrder(client, order.id);
    expect(await prisma().task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ status: "cancelled" });
    expect((await refusal(completeTask(await newWorker(), task.id, {}))).status).toBe(409);
  });
});

describe("one entry per target", () => {
  // YouTube only: no other test here orders there, so these workers see exactly these tasks.
  const youtubeOrders = async (count: number, target?: string) => {
    const orders = [];
    for (let index = 0; index < count; index += 1) orders.push(await paidOrder(50, target, "youtube")); // one by one: oldest first
    return orders;
  };
  const newYoutubeWorker = () => newWorker(undefined, "youtube");
  const ids = (items: { id: number }[]) => items.map((item) => item.id);

  it("offers a target with four open orders once, as its oldest order's task, and the first 10 are 10 targets", async () => {
    const sameTarget = await youtubeOrders(4, `four.orders${process.pid}`);
    const others = await youtubeOrders(10);
    const worker = await newYoutubeWorker();
    expect(ids(await listAvailableTasks(worker))).toEqual([sameTarget[0].task.id, ...ids(others.slice(0, 9).map((item) => item.task))]);
    expect(ids(await listAvailableTasks(worker, 50))).toEqual([sameTarget[0].task.id, ...ids(others.map((item) => item.task))]);
    expect(await countAvailableTasks(worker)).toBe(11);
  });

  it("credits the target's oldest open order, then offers the target to other workers only, each once", async () => {
    const [oldest, newer] = await youtubeOrders(2, `two.orders${process.pid}`);
    const [worker, second, third, fourth] = await Promise.all(Array.from({ length: 4 }, newYoutubeWorker));
    const entriesFor = async (someone: PublicUser) => ids((await listAvailableTasks(someone, 50)).filter((item) => item.targetUrl === oldest.order.targetUrl));
    const deliveredOf = async ({ order }: { order: { id: number } }) => (await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).deliveredQuantity;

    // Whichever of the target's tasks is named, the action goes to the oldest open order.
    expect((await completeTask(worker, newer.task.id, {})).id).toBe(oldest.task.id);
    expect([await deliveredOf(oldest), await deliveredOf(newer)]).toEqual([1, 0]);
    expect(await entriesFor(worker)).toEqual([]);
    expect(await entriesFor(second)).toEqual([oldest.task.id]);
    expect(await refusal(completeTask(worker, oldest.task.id, {}, seconds(10)))).toMatchObject({ status: 409, message: "You have already completed a task for this account." });

    // Two workers shown the entry with one slot left on it: both actions count, the second on the next order.
    await prisma().task.update({ where: { id: oldest.task.id }, data: { requiredCompletions: 2 } });
    const both = await Promise.all([completeTask(second, oldest.task.id, {}), completeTask(third, oldest.task.id, {})]);
    expect(ids(both).sort((a, b) => a - b)).toEqual([oldest.task.id, newer.task.id]);
    expect(await prisma().task.findUniqueOrThrow({ where: { id: oldest.task.id } })).toMatchObject({ completionCount: 2, status: "completed" });
    expect([await deliveredOf(oldest), await deliveredOf(newer)]).toEqual([2, 1]);
    expect(await entriesFor(fourth)).toEqual([newer.task.id]);
  });
});

describe("review and earnings", () => {
  it("releases held earnings when the hold ends, once, however many runs", async () => {
    const { task } = await paidOrder();
    const worker = await newWorker();
    await completeTask(worker, task.id, {});
    expect(await releaseHeldEarnings(new Date())).toBe(0);
    const later = seconds(73 * 3600);
    const [first, second] = await Promise.all([releaseHeldEarnings(later), releaseHeldEarnings(later)]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await workerStats(worker)).toMatchObject({ totalEarnings: 0.45, heldEarnings: 0, availableBalance: 0.45 });
    expect((await listMyTasks(worker))[0].review).toBe("approved");
    expect(await prisma().ledgerEntry.count({ where: { userId: worker.id } })).toBe(3);
  });

  it("lets an admin reject a held completion: the earning is reversed and the slot reopens", async () => {
    const { task, order } = await paidOrder();
    const worker = await newWorker();
    const done = await completeTask(worker, task.id, {});
    const admin = await newUser("admin");
    expect((await refusal(rejectCompletion(worker, done.completionId, "nope"))).status).toBe(403);
    await rejectCompletion(admin, done.completionId, "The follow was removed");
    expect(await workerStats(worker)).toMatchObject({ totalEarnings: 0, heldEarnings: 0, completedTasks: 0 });
    expect(await prisma().task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ completionCount: 0, status: "available" });
    expect((await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).deliveredQuantity).toBe(0);
    expect((await refusal(rejectCompletion(admin, done.completionId, "again"))).status).toBe(409);
    expect(await prisma().adminAuditLog.findMany({ where: { targetId: String(done.completionId) }, select: { action: true } })).toEqual([{ action: "completion.reject" }]);
    expect(await releaseHeldEarnings(seconds(100 * 3600))).toBe(0);
  });

  it("counts available tasks for the stats the same way as the list", async () => {
    const worker = await newWorker();
    expect(await countAvailableTasks(worker)).toBe((await listAvailableTasks(worker, 50)).length);
  });
});

describe("worker approval", () => {
  it("lets an admin approve or reject applications, audited, refusing stale decisions", async () => {
    const admin = await newUser("admin");
    const applicant = await newUser("worker", "pending_review", ["youtube"]);
    expect((await listWorkers(admin, "pending_review")).map((worker) => worker.id)).toContain(applicant.id);
    expect((await decideWorker(admin, applicant.id, "approve")).status).toBe("active");
    expect((await refusal(decideWorker(admin, applicant.id, "reject"))).status).toBe(409);
    const other = await newUser("worker", "pending_review");
    expect((await decideWorker(admin, other.id, "reject")).status).toBe("rejected");
    expect((await refusal(decideWorker(admin, (await newUser("client")).id, "approve"))).status).toBe(404);
    expect((await refusal(decideWorker(applicant, other.id, "approve"))).status).toBe(403);
    const audit = await prisma().adminAuditLog.findMany({ where: { adminId: admin.id }, orderBy: { id: "asc" }, select: { action: true, details: true } });
    expect(audit).toEqual([
      { action: "worker.approve", details: { before: "pending_review", after: "active" } },
      { action: "worker.reject", details: { before: "pending_review", after: "rejected" } },
    ]);
  });

  it("keeps one worker per handle", async () => {
    await newWorker("only.one");
    const second = await newUser("worker", "active", ["instagram"]);
    expect((await refusal(linkWorkerHandle(second, workerHandleSchema.parse({ platform: "instagram", handle: "@Only.One" })))).message).toBe("This handle is linked to another worker account.");
  });
});

describe("tasks of every kind (issue #50)", () => {
  const fiveLines = () => ["Lovely colours!", "Where is this?", "So good 🔥", "Congrats, well done", "Need this in my life"];

  it("lists a likes order's task with the likes action and the service's reward", async () => {
    const { task, order } = await paidPostOrder("instagram-likes", 20);
    expect(task).toMatchObject({ type: "likes", targetUrl: order.targetUrl, rewardMinor: 8, requiredCompletions: 20 });
    const worker = await newWorker();
    const listed = (await listAvailableTasks(worker, 50)).find((item) => item.id === task.id);
    expect(listed).toMatchObject({ type: "likes", action: "Like this post", target: "post", reward: 0.08, remaining: 20, comment: null });
    const done = await completeTask(worker, task.id, {});
    expect(done).toMatchObject({ type: "likes", action: "Like this post", reward: 0.08, comment: null });
    expect(await prisma().ledgerEntry.findFirstOrThrow({ where: { userId: worker.id } })).toMatchObject({ amountMinor: 8, description: expect.stringMatching(/^Task \d+: Instagram like of https:\/\/www\.instagram\.com\/p\//) });
  });

  it("says each kind's action on its card", async () => {
    const views = await paidPostOrder("instagram-views", 100);
    const follows = await paidOrder();
    const worker = await newWorker();
    const listed = await listAvailableTasks(worker, 50);
    expect(listed.find((item) => item.id === views.task.id)).toMatchObject({ action: "Watch this video for at least 30 seconds", target: "post", reward: 0.03 });
    expect(listed.find((item) => item.id === follows.task.id)).toMatchObject({ action: "Follow", target: "profile", reward: 0.45 });
  });

  it("lets one worker like and comment on the same post, but not like it twice", async () => {
    const postUrl = newPostUrl();
    const likes = await paidPostOrder("instagram-likes", 20, postUrl);
    const comments = await paidPostOrder("instagram-comments", 5, postUrl, fiveLines());
    const worker = await newWorker();
    const start = new Date();
    await completeTask(worker, likes.task.id, {}, start);
    const line = await reserveCommentLine(worker, comments.task.id, seconds(6, start));
    expect(fiveLines()).toContain(line.text);
    const commented = await completeTask(worker, comments.task.id, {}, seconds(6, start));
    expect(commented).toMatchObject({ type: "comments", comment: line.text, reward: 0.3 });
    expect(await refusal(completeTask(worker, likes.task.id, {}, seconds(12, start)))).toMatchObject({ status: 409, code: "already_completed" });
    expect(await refusal(reserveCommentLine(worker, comments.task.id, seconds(12, start)))).toMatchObject({ status: 409, code: "already_completed" });
    expect(await prisma().taskCompletion.findMany({ where: { workerId: worker.id }, select: { type: true }, orderBy: { id: "asc" } })).toEqual([{ type: "likes" }, { type: "comments" }]);
  });

  it("hands each worker a different line of a comments order, and none once every line is held", async () => {
    const { task, order } = await paidPostOrder("instagram-comments", 5, newPostUrl(), fiveLines());
    const workers = await Promise.all(fiveLines().map(() => newWorker()));
    const before = await listAvailableTasks(workers[0], 50);
    expect(before.find((item) => item.id === task.id)).toMatchObject({ action: "Post this comment", comment: null, reward: 0.3 });
    await expect(completeTask(workers[0], task.id, {})).rejects.toMatchObject({ status: 409, code: "comment_not_reserved" });

    const reserved = [];
    for (const worker of workers) reserved.push(await reserveCommentLine(worker, task.id));
    expect(new Set(reserved.map((line) => line.text))).toEqual(new Set(fiveLines()));
    // Asking again gives the same line; the card shows it.
    expect((await reserveCommentLine(workers[2], task.id)).text).toBe(reserved[2].text);
    expect((await listAvailableTasks(workers[2], 50)).find((item) => item.id === task.id)?.comment).toMatchObject({ text: reserved[2].text });

    const sixth = await newWorker();
    expect(await listAvailableTasks(sixth, 50)).not.toContainEqual(expect.objectContaining({ id: task.id }));
    expect(await refusal(reserveCommentLine(sixth, task.id))).toMatchObject({ status: 409, code: "comments_taken" });

    const done = await Promise.all(workers.map((worker) => completeTask(worker, task.id, {})));
    expect(done.map((item) => item.comment)).toEqual(reserved.map((line) => line.text));
    const lines = await prisma().orderCommentLine.findMany({ where: { orderId: order.id }, orderBy: { position: "asc" } });
    expect(new Set(lines.map((line) => line.completionId))).toEqual(new Set(done.map((item) => item.completionId)));
    expect(lines.every((line) => line.reservedUntil === null)).toBe(true);
    const proofs = await prisma().taskCompletion.findMany({ where: { id: { in: done.map((item) => item.completionId) } }, select: { proof: true, handle: true } });
    for (const { proof, handle } of proofs) expect(proof).toMatch(new RegExp(`^@${handle} posted: `));
    expect(await prisma().task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ completionCount: 5, status: "completed" });
    expect((await listMyTasks(workers[1])).map((item) => item.comment)).toEqual([reserved[1].text]);
  });

  it("never hands one line to two workers claiming at once", async () => {
    const { task, order } = await paidPostOrder("instagram-comments", 5, newPostUrl(), fiveLines());
    const workers = await Promise.all(Array.from({ length: 9 }, () => newWorker()));
    const outcomes = await Promise.allSettled(workers.map((worker) => reserveCommentLine(worker, task.id)));
    const granted = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value.text] : []));
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as AppError] : []));
    console.log(`race: 9 workers on 5 comment lines -> ${granted.length} lines, ${refused.length} refused`);
    expect(granted).toHaveLength(5);
    expect(new Set(granted)).toEqual(new Set(fiveLines()));
    expect(refused.map((error) => error.code)).toEqual(["comments_taken", "comments_taken", "comments_taken", "comments_taken"]);
    const holders = await prisma().orderCommentLine.findMany({ where: { orderId: order.id }, select: { workerId: true } });
    expect(new Set(holders.map((line) => line.workerId)).size).toBe(5);
  });

  it("gives a lapsed reservation to the next worker, and its first holder can no longer post it", async () => {
    const { task } = await paidPostOrder("instagram-comments", 5, newPostUrl(), fiveLines());
    const workers = await Promise.all(fiveLines().map(() => newWorker()));
    const start = new Date();
    const held = [];
    for (const worker of workers) held.push(await reserveCommentLine(worker, task.id, start));
    const latecomer = await newWorker();
    expect(await refusal(reserveCommentLine(latecomer, task.id, seconds(60, start)))).toMatchObject({ code: "comments_taken" });
    // After the reservations lapse a line goes back: the latecomer gets one of them.
    const lapsed = seconds(commentReservationMinutes * 60 + 1, start);
    const taken = await reserveCommentLine(latecomer, task.id, lapsed);
    expect(fiveLines()).toContain(taken.text);
    const previous = workers[held.findIndex((line) => line.text === taken.text)];
    expect(await refusal(completeTask(previous, task.id, {}, lapsed))).toMatchObject({ status: 409, code: "comment_not_reserved" });
    expect(await completeTask(latecomer, task.id, {}, lapsed)).toMatchObject({ comment: taken.text });
    // A lapsed line nobody took is still its holder's to post.
    const other = workers.find((worker) => worker !== previous) as PublicUser;
    expect((await completeTask(other, task.id, {}, lapsed)).comment).toBe(held[workers.indexOf(other)].text);
  });
});
