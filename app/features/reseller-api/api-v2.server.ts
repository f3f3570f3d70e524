import { formatMinor } from "~/features/catalog";
import { getCatalogue } from "~/features/catalog/index.server";
import { checkDripFeed } from "~/features/drip-feed";
import { dripFeedSelect, toDripFeedView } from "~/features/drip-feed/index.server";
import { walletBalanceMinor } from "~/features/ledger/index.server";
import { cancelOrder } from "~/features/orders/index.server";
import { refillsById, requestRefill } from "~/features/refills/index.server";
import type { OrderStatus, Prisma } from "~/generated/prisma/client";
import { getPrisma, getDatabase } from "~/lib/database/db.server";
import { isAppError } from "~/lib/errors";
import { maximumRecordId } from "~/lib/record-id";
import { type ApiV2Action, type ApiV2Status, apiV2Actions, apiV2Currency, apiV2Errors, apiV2Services, maximumHandlesPerRefill, maximumOrdersPerRequest, placedRefusal } from "./api-v2-contract";
import { checkOrderLine, wholeNumber } from "./order-line";
import { placeWalletOrder } from "./wallet-orders.server";

/**
 * The reseller API's actions (issue #20), for a request whose key was accepted (api-keys.server.ts
 * acceptApiKeyRequest). Every refusal is `{ error }` (the route answers it with HTTP 200, as panels expect);
 * a refused `add` writes nothing, and an accepted one creates the order, pays it from the wallet and
 * opens its task in one transaction.
 */

export type ApiV2Params = Record<string, string | undefined>;
export type ApiV2Caller = { userId: number; keyId: number };
type Answer = Record<string, unknown> | unknown[];

const refusal = (error: string) => ({ error });

export function isApiV2Action(action: string | undefined): action is ApiV2Action {
  return (apiV2Actions as readonly string[]).includes(action ?? "");
}

export async function runApiV2Action(caller: ApiV2Caller, action: ApiV2Action, params: ApiV2Params, now = new Date()): Promise<Answer> {
  switch (action) {
    case "services":
      return apiV2Services(await getCatalogue());
    case "balance":
      return { balance: formatMinor(await walletBalanceMinor(getDatabase().sql, caller.userId)), currency: apiV2Currency };
    case "add":
      return addOrder(caller, params, now);
    case "status":
      return params.orders !== undefined ? statusOfMany(caller, params.orders) : statusOfOne(caller, params.order);
    case "cancel":
      return cancelMany(caller, params.orders ?? params.order, now);
    case "refill":
      return params.orders !== undefined ? refillMany(caller, params.orders, params.handles, now) : refillOne(caller, params.order, params.handles, now);
    case "refill_status":
      return params.refills !== undefined ? refillStatusOfMany(caller, params.refills) : refillStatusOfOne(caller, params.refill);
  }
}

const referencePattern = /^[A-Za-z0-9_-]{1,64}$/;

async function addOrder(caller: ApiV2Caller, params: ApiV2Params, now: Date): Promise<Answer> {
  const checked = checkOrderLine(await getCatalogue(), params);
  if ("error" in checked) return refusal(checked.error);
  // Drip-feed (issue #21): `quantity` per run, `runs` runs, one every `interval` minutes; priced for the whole.
  const dripFeed = checkDripFeed(params);
  if (dripFeed !== null && "error" in dripFeed) return refusal(dripFeed.error);
  // A comments order's quantity is its lines, so it is never split into runs.
  if (dripFeed !== null && (!checked.service.dripFeed || checked.service.kind === "comments")) return refusal(apiV2Errors.noDripFeed);
  if (dripFeed !== null && checked.quantity * dripFeed.runs > checked.service.maxQuantity) return refusal(apiV2Errors.dripTotalTooLarge);
  const quantity = dripFeed === null ? checked.quantity : checked.quantity * dripFeed.runs;
  const line = { ...checked, quantity, target: { ...checked.target, quantity }, priceMinor: checked.priceMinor * (dripFeed?.runs ?? 1) };
  const reference = params.reference?.trim() || null;
  if (reference !== null && !referencePattern.test(reference)) return refusal(apiV2Errors.badReference);
  const placed = await placeWalletOrder(caller.userId, line, { apiKeyId: caller.keyId, clientReference: reference, dripFeed }, now);
  return "orderId" in placed ? { order: placed.orderId } : refusal(placedRefusal[placed.refused]);
}

const statusSelect = { id: true, status: true, paymentStatus: true, totalMinor: true, currency: true, ...dripFeedSelect } as const;
type StatusRow = Prisma.OrderGetPayload<{ select: typeof statusSelect }>;

/** The de facto statuses: Processing is paid and waiting for workers, In progress is delivering. */
function apiStatusOf(order: Pick<StatusRow, "status" | "deliveredQuantity">): ApiV2Status {
  const byStatus: Record<OrderStatus, ApiV2Status> = { pending: "Pending", processing: "Processing", completed: "Completed", partial: "Partial", cancelled: "Canceled" };
  if (order.status === "processing" && order.deliveredQuantity > 0) return "In progress";
  return byStatus[order.status];
}

/**
 * `charge` and `remains` as panels book them: what the reseller was finally charged, and the units
 * not delivered. An order never paid or cancelled charges nothing (every paid cancellation refunds
 * the whole payment). A stopped drip-feed (Partial) charges the delivered part's price, and its
 * remains are exactly the units whose price went back to the balance.
 */
function settlementOf(order: StatusRow, dripFeed: ReturnType<typeof toDripFeedView>): { chargeMinor: number; remains: number } {
  const undelivered = Math.max(order.quantity - order.deliveredQuantity, 0);
  if (order.paymentStatus === "unpaid" || order.status === "cancelled") return { chargeMinor: 0, remains: undelivered };
  if (order.status === "partial" && dripFeed?.refundedQuantity != null) {
    return { chargeMinor: order.totalMinor - (dripFeed.refundedMinor ?? 0), remains: dripFeed.refundedQuantity };
  }
  return { chargeMinor: order.totalMinor, remains: undelivered };
}

function statusView(order: StatusRow) {
  const dripFeed = toDripFeedView(order);
  const { chargeMinor, remains } = settlementOf(order, dripFeed);
  return {
    charge: formatMinor(chargeMinor),
    // The store does not read the profile's follower count (docs say so).
    start_count: "0",
    status: apiStatusOf(order),
    remains: String(remains),
    currency: order.currency,
    // A drip-feed order: its runs, how many have opened and been wholly delivered, when the next opens.
    ...(dripFeed && { runs: String(dripFeed.runs), runs_opened: String(dripFeed.runsOpened), runs_done: String(dripFeed.runsDelivered), next_run_at: dripFeed.nextRunAt }),
  };
}

/** Ids from a comma list: null when it is not one, or longer than the limit. */
function orderIds(list: string | undefined): number[] | null | "too_many" {
  if (list === undefined) return null;
  const parts = list.split(",").map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return null;
  if (parts.length > maximumOrdersPerRequest) return "too_many";
  return parts.map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : -1));
}

const isRecordId = (id: number) => id > 0 && id <= maximumRecordId;

async function ownOrders(caller: ApiV2Caller, ids: number[]): Promise<Map<number, StatusRow>> {
  const valid = ids.filter(isRecordId);
  const rows = valid.length === 0 ? [] : await getPrisma().order.findMany({ where: { clientId: caller.userId, id: { in: valid } }, select: statusSelect });
  return new Map(rows.map((row) => [row.id, row]));
}

async function statusOfOne(caller: ApiV2Caller, order: string | undefined): Promise<Answer> {
  const id = wholeNumber(order);
  if (id === null) return refusal(apiV2Errors.incorrectOrderId);
  const row = (await ownOrders(caller, [id])).get(id);
  return row ? statusView(row) : refusal(apiV2Errors.incorrectOrderId);
}

async function statusOfMany(caller: ApiV2Caller, list: string): Promise<Answer> {
  const ids = orderIds(list);
  if (ids === "too_many") return refusal(apiV2Errors.tooManyOrders);
  if (ids === null) return refusal(apiV2Errors.incorrectOrderId);
  const rows = await ownOrders(caller, ids);
  const parts = list.split(",").map((part) => part.trim()).filter(Boolean);
  return Object.fromEntries(parts.map((part, index) => {
    const row = rows.get(ids[index]);
    return [part, row ? statusView(row) : refusal(apiV2Errors.incorrectOrderId)];
  }));
}

/** Each order under the store's cancellation rule (cancelOrder): a wallet-paid one is refunded to the balance at once. */
async function cancelMany(caller: ApiV2Caller, list: string | undefined, now: Date): Promise<Answer> {
  const ids = orderIds(list);
  if (ids === "too_many") return refusal(apiV2Errors.tooManyOrders);
  if (ids === null) return refusal(apiV2Errors.incorrectOrderId);
  const owner = { id: caller.userId, role: "client" as const };
  const answers = [];
  for (const id of ids) {
    if (!isRecordId(id)) {
      answers.push({ order: id, cancel: refusal(apiV2Errors.incorrectOrderId) });
      continue;
    }
    try {
      await cancelOrder(owner, id, now);
      answers.push({ order: id, cancel: 1 });
    } catch (error) {
      if (!isAppError(error)) throw error;
      answers.push({ order: id, cancel: refusal(error.status === 404 ? apiV2Errors.incorrectOrderId : apiV2Errors.notCancellable) });
    }
  }
  return answers;
}

/**
 * A refill of one order under the store's refill rules (refills.server.ts): its id, or why not in the
 * service's words. `handles` (our extension) names the drops; without it the refill waits for them on
 * the order page.
 */
async function refillOf(caller: ApiV2Caller, id: number, handles: string[] | null, now: Date): Promise<number | { error: string }> {
  if (!isRecordId(id)) return refusal(apiV2Errors.incorrectOrderId);
  try {
    return (await requestRefill({ id: caller.userId, role: "client" }, id, handles && { handles }, now)).id;
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return refusal(error.status === 404 && !error.message.startsWith("No delivery") ? apiV2Errors.incorrectOrderId : error.message);
  }
}

/** `handles=a,@b`: the accounts whose deliveries dropped; "error" when the list says nothing or too much. */
function handlesOf(value: string | undefined): string[] | null | "error" {
  if (value === undefined) return null;
  // Only split here: deliveryIdsByHandles normalises each handle as completions store it.
  const handles = value.split(",").filter((handle) => handle.trim().replace(/^@/, "") !== "");
  return handles.length === 0 || handles.length > maximumHandlesPerRefill || handles.some((handle) => handle.length > 100) ? "error" : handles;
}

async function refillOne(caller: ApiV2Caller, order: string | undefined, handleList: string | undefined, now: Date): Promise<Answer> {
  const id = wholeNumber(order);
  if (id === null) return refusal(apiV2Errors.incorrectOrderId);
  const handles = handlesOf(handleList);
  if (handles === "error") return refusal(apiV2Errors.incorrectHandles);
  const refill = await refillOf(caller, id, handles, now);
  return typeof refill === "number" ? { refill } : refill;
}

async function refillMany(caller: ApiV2Caller, list: string, handleList: string | undefined, now: Date): Promise<Answer> {
  if (handleList !== undefined) return refusal(apiV2Errors.handlesOfOneOrder);
  const ids = orderIds(list);
  if (ids === "too_many") return refusal(apiV2Errors.tooManyOrders);
  if (ids === null) return refusal(apiV2Errors.incorrectOrderId);
  const answers = [];
  for (const id of ids) answers.push({ order: id, refill: await refillOf(caller, id, null, now) });
  return answers;
}

async function refillStatusOfOne(caller: ApiV2Caller, refill: string | undefined): Promise<Answer> {
  const id = wholeNumber(refill);
  const [found] = id !== null && isRecordId(id) ? await refillsById([id], caller.userId) : [];
  return found ? { status: found.statusLabel } : refusal(apiV2Errors.incorrectRefillId);
}

async function refillStatusOfMany(caller: ApiV2Caller, list: string): Promise<Answer> {
  const ids = orderIds(list);
  if (ids === "too_many") return refusal(apiV2Errors.tooManyRefills);
  if (ids === null) return refusal(apiV2Errors.incorrectRefillId);
  const found = new Map((await refillsById(ids.filter(isRecordId), caller.userId)).map((refill) => [refill.id, refill]));
  return ids.map((id) => {
    const refill = found.get(id);
    return { refill: id, status: refill ? refill.statusLabel : refusal(apiV2Errors.incorrectRefillId) };
  });
}
