import type { PublicUser } from "~/features/auth/index.server";
import { closedOrderMessage } from "~/features/orders";
import { maximumRecordId } from "~/lib/record-id";
import type { PaymentAttemptStatus } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { isoTimestamp, type SqlQueries, StatementParameters } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { type AttemptStep, askForStep, newAttemptRow } from "~/features/attempt-lifecycle/index.server";
import type { CardChargeInput, ChargeResponse, MobileMoneyChargeInput } from "./payment-schema";
import { recordChargeStart } from "./charge-limits.server";
import { type ChargeData, type PaystackResult, getPaystack } from "~/features/paystack/index.server";
import { paymentNotices, webPageUrl } from "./payment-outcome";
import { newPaymentReference } from "./payment-reference.server";
import { applyTransactionOutcome } from "./settlement.server";
import { lockPayableTopUp, payableTopUp } from "~/features/top-ups/index.server";
import { refreshAttempt } from "./payment-checks.server";

/**
 * Paying for an order (SPEC §2 payment step, §7 /api/payment/*). Every attempt is recorded before
 * Paystack is called, so a crash or a lost answer leaves a pending attempt the reconciler settles;
 * the amount is always the order's total, never the request's; card numbers, CVVs, PINs and OTPs
 * pass through to Paystack and are never stored or logged.
 */

/** A charge answer's `data.status` that waits for the payer, as the attempt records it. */
const attemptStatusByCharge: Partial<Record<string, AttemptStep>> = {
  send_pin: "send_pin",
  send_otp: "send_otp",
  send_phone: "send_phone",
  send_birthday: "send_birthday",
  send_address: "send_address",
  open_url: "open_url",
  pay_offline: "pay_offline",
  pending: "pending",
  ongoing: "pending",
  processing: "pending",
  queued: "pending",
};

// DESIGN §5: SPEC's code for AT (formerly AirtelTigo) is Paystack's `atl`.
const paystackProvider = { mtn: "mtn", vod: "vod", tgo: "atl" } as const;

/** When the reconciler first looks at a new attempt (Paystack asks to wait 10 s before verifying). */
const firstCheckDelayMs = 10_000;

const notFound = () => new AppError(404, "not_found", "Order not found");
const unknownReference = () => new AppError(404, "not_found", "Transaction reference not found");

export function assertClient(user: PublicUser) {
  if (user.role !== "client") throw new AppError(403, "forbidden", "Only clients can pay for orders.");
}

/** What a charge pays: a client's order, or a wallet top-up (issue #20). */
export interface Payable {
  kind: "order" | "top_up";
  id: number;
  totalMinor: number;
  currency: "GHS" | "USD";
}

/** Which payment a charge names: `orderId`, or `topUpId` for a wallet top-up (exactly one). */
export type PayableRef = { orderId?: number | null; topUpId?: number | null };

/** The payment attempt's column naming what it pays. */
const attemptTarget = (payable: Payable) => (payable.kind === "order" ? { orderId: payable.id } : { topUpId: payable.id });

/** The client's own unpaid order or top-up whose total is exactly what the payload says. */
export async function payableFor(user: PublicUser, input: PayableRef & { amount: number; currency: string }): Promise<Payable> {
  assertClient(user);
  const payable: Payable = input.topUpId
    ? { kind: "top_up", ...(await payableTopUp(user, input.topUpId > maximumRecordId ? 0 : input.topUpId)) }
    : { kind: "order", ...(await payableOrder(user, input.orderId ?? 0)) };
  return withMatchingAmount(payable, input);
}

function withMatchingAmount(payable: Payable, input: { amount: number; currency: string }): Payable {
  if (input.amount !== payable.totalMinor || input.currency !== payable.currency) {
    const what = payable.kind === "order" ? "this order's" : "this top-up's";
    throw new AppError(400, "amount_mismatch", `The amount does not match ${what} total of ${formatMoney(payable.totalMinor, payable.currency)}.`);
  }
  return payable;
}

/** The client's own unpaid, open order; `lockedIn` a transaction: read under the order's lock there. */
async function payableOrder(user: PublicUser, orderId: number, lockedIn?: SqlQueries) {
  if (orderId <= 0 || orderId > maximumRecordId) throw notFound(); // no such row, and out of the id column's range
  const [order] = await (lockedIn ?? getDatabase().sql).query<{ id: number; totalMinor: number; currency: "GHS" | "USD"; status: string; paymentStatus: string; expiredAt: string | null }>(
    `SELECT id, total_minor AS "totalMinor", currency::text AS currency, status::text AS status, payment_status::text AS "paymentStatus", ${isoTimestamp("expired_at")} AS "expiredAt"
     FROM orders WHERE id = $1::int AND client_id = $2::int${lockedIn ? " FOR UPDATE" : ""}`,
    [orderId, user.id],
    { statementName: lockedIn ? "payable-order-locked" : "payable-order" },
  );
  if (!order) throw notFound();
  assertPayableOrder(order);
  return order;
}

/** An order read for a charge (under its lock or not): still unpaid and open. */
function assertPayableOrder(order: { status: string; paymentStatus: string; expiredAt: string | null }) {
  if (order.paymentStatus !== "unpaid") throw new AppError(409, "already_paid", "This order is already paid.");
  if (order.status !== "pending") throw new AppError(422, "order_closed", closedOrderMessage(order));
}

/** An attempt of the user's own order or top-up, by reference (404 for anyone else's, like an unknown one). */
export async function ownAttempt(user: PublicUser, reference: string) {
  const attempt = await getPrisma().paymentAttempt.findFirst({
    where: { reference, OR: [{ order: { clientId: user.id } }, { topUp: { clientId: user.id } }] },
    select: { id: true, reference: true, orderId: true, topUpId: true, channel: true, provider: true, phone: true, payerEmail: true, amountMinor: true, currency: true, status: true },
  });
  if (!attempt) throw unknownReference();
  return attempt;
}

/** The PIN for the order's (or top-up's) card payment that waits for one (the card itself is not needed again). */
export async function submitPin(user: PublicUser, { orderId, topUpId, pin }: { orderId?: number; topUpId?: number; pin: string }): Promise<ChargeResponse> {
  assertClient(user);
  const owner = topUpId ? { topUpId, topUp: { clientId: user.id } } : { orderId: orderId ?? 0, order: { clientId: user.id } };
  const waiting = await getPrisma().paymentAttempt.findFirst({
    where: { ...owner, channel: "card", status: "send_pin" },
    orderBy: { id: "desc" },
    select: { reference: true },
  });
  if (!waiting) throw new AppError(409, "no_pin_expected", "No card payment of this order is waiting for a PIN. Please enter your card again.");
  return continueAttempt(waiting.reference, getPaystack().client.submitPin(waiting.reference, pin));
}

/**
 * SPEC §3 card charge. With `pin`, it answers the order's attempt that waits for a PIN (DESIGN §6).
 * `clientAddress` (the request's address) is for the abuse limits, as in every call that starts a charge.
 */
export async function chargeCard(user: PublicUser, input: CardChargeInput, clientAddress: string): Promise<ChargeResponse> {
  if (input.pin) return submitPin(user, { ...attemptTarget(await payableFor(user, input)), pin: input.pin });
  const { payable, reference } = await startCardAttempt(user, input, clientAddress);
  return continueAttempt(
    reference,
    getPaystack().client.charge({ email: input.email, amount: payable.totalMinor, currency: payable.currency, reference, card: input.card, metadata: attemptTarget(payable) }),
  );
}

/**
 * SPEC §3 mobile-money charge: MTN and AT prompt the phone (pay_offline), Telecel asks for a
 * voucher (send_otp). One prompt at a time per order: while one may still be approved, another is
 * refused (409, with that prompt's reference) — except the same Telecel number asked again, which
 * gets the voucher step it is already at (SPEC §4: closing the OTP overlay and paying again asks again).
 */
export async function chargeMobileMoney(user: PublicUser, input: MobileMoneyChargeInput, clientAddress: string): Promise<ChargeResponse> {
  const payable = await payableFor(user, input);
  const { phone, provider } = input.mobile_money;
  const waiting = await refreshOpenPrompts(payable);
  if (waiting?.status === "send_otp" && waiting.phone === phone && waiting.provider === provider) {
    return { status: true, message: waiting.displayText || "Please enter the voucher code", data: { status: "send_otp", reference: waiting.reference, display_text: waiting.displayText } };
  }
  const reference = await recordAttempt(payable, { channel: "mobile_money", provider, phone, payerEmail: input.email }, { clientId: user.id, clientAddress });
  return startMobileMoneyCharge(reference, payable, { email: input.email, phone, provider });
}

/** A mobile-money attempt in these may still be approved (or take its voucher): the order's one open prompt. */
const openPromptStatuses: PaymentAttemptStatus[] = ["pending", "pay_offline", "send_otp"];

/**
 * Asks Paystack about the order's open prompts, so one that has ended since (failed, abandoned) no
 * longer blocks a new one; answers the prompt still open, if any. A charge whose call to Paystack may
 * still be under way (pending and younger than the first check) is left alone: Paystack may not know
 * its reference yet, and "not found" would close it.
 */
export async function refreshOpenPrompts(payable: Payable) {
  const prisma = getPrisma();
  const where = { ...attemptTarget(payable), channel: "mobile_money" as const, status: { in: openPromptStatuses } };
  const open = await prisma.paymentAttempt.findMany({ where, select: { reference: true, status: true, createdAt: true } });
  for (const attempt of open) {
    const mayBeInFlight = attempt.status === "pending" && Date.now() - attempt.createdAt.getTime() < firstCheckDelayMs;
    if (!mayBeInFlight) await refreshAttempt(attempt.reference);
  }
  return prisma.paymentAttempt.findFirst({ where, orderBy: { id: "desc" }, select: { reference: true, status: true, phone: true, provider: true, displayText: true } });
}

const promptStillOpen = (reference: string) =>
  new AppError(
    409,
    "prompt_open",
    "A payment prompt for this order is still waiting for approval on your phone. Approve it, or use Resend Authorization on the payment status page once it expires.",
    { details: { reference } },
  );

export function startMobileMoneyCharge(reference: string, payable: Payable, charge: { email: string; phone: string; provider: "mtn" | "vod" | "tgo" }) {
  return continueAttempt(
    reference,
    getPaystack().client.charge({
      email: charge.email,
      amount: payable.totalMinor,
      currency: payable.currency,
      reference,
      mobile_money: { phone: charge.phone, provider: paystackProvider[charge.provider] },
      metadata: attemptTarget(payable),
    }),
  );
}

/**
 * Records a new charge attempt before Paystack is called, within the abuse limits
 * (charge-limits.server) and, for mobile money, only when no other prompt of the order is open.
 * Starts of one order queue on the order's row, so two at once cannot both pass these checks.
 */
export async function recordAttempt(payable: Payable, details: AttemptDetails, requester: Requester): Promise<string> {
  // In SQL below Prisma, as startCardAttempt (decision 0030).
  return getDatabase().sql.transaction(async (sql) => {
    if (payable.kind === "order") await lockPayableOrder(sql, payable.id);
    else await lockPayableTopUp(sql, payable.id);
    return insertAttempt(sql, payable, details, requester);
  });
}

/**
 * A card charge's start (the hosted checkout, POST /charge), as recordAttempt: an order is read,
 * checked and locked in one statement of the transaction that records the attempt, instead of read
 * before it and locked again (one round trip fewer on every card checkout, issue #22). A top-up is
 * read first and locked in the transaction, as recordAttempt does.
 */
export async function startCardAttempt(
  user: PublicUser,
  input: PayableRef & { amount: number; currency: string; email: string },
  clientAddress: string,
): Promise<{ payable: Payable; reference: string }> {
  const details = { channel: "card" as const, payerEmail: input.email };
  const requester = { clientId: user.id, clientAddress };
  if (input.topUpId) {
    const payable = await payableFor(user, input);
    return { payable, reference: await recordAttempt(payable, details, requester) };
  }
  assertClient(user);
  return getDatabase().sql.transaction(async (sql) => {
    const payable = withMatchingAmount({ kind: "order", ...(await payableOrder(user, input.orderId ?? 0, sql)) }, input);
    return { payable, reference: await insertAttempt(sql, payable, details, requester) };
  });
}

type AttemptDetails = { channel: "card" | "mobile_money"; provider?: "mtn" | "vod" | "tgo"; phone?: string; payerEmail: string };
type Requester = { clientId: number; clientAddress: string };

/** The attempt's row, in the transaction that holds its order's or top-up's lock; answers its reference. */
async function insertAttempt(sql: SqlQueries, payable: Payable, details: AttemptDetails, requester: Requester): Promise<string> {
  const reference = newPaymentReference(payable);
  const start = { payableKey: payable.kind === "order" ? String(payable.id) : `top-up:${payable.id}`, ...requester, phone: details.phone };
  const target = payable.kind === "order" ? "order_id" : "top_up_id";
  const now = Date.now();
  if (details.channel === "mobile_money") {
    const [open] = await sql.query<{ reference: string }>(
      `SELECT reference FROM payment_attempts WHERE ${target} = $1::int AND channel = 'mobile_money' AND status::text = ANY($2::text[]) ORDER BY id DESC LIMIT 1`,
      [payable.id, openPromptStatuses],
    );
    if (open) throw promptStillOpen(open.reference);
  }
  // Counted against the abuse limits and inserted in one statement, both only within the limits.
  const parameters = new StatementParameters();
  const createdAt = parameters.add(new Date(now).toISOString(), "timestamp");
  const row = newAttemptRow({
    [target]: parameters.add(payable.id, "int"),
    reference: parameters.add(reference, "text"),
    channel: parameters.add(details.channel, "payment_channel"),
    provider: parameters.add(details.provider ?? null, "mobile_money_provider"),
    phone: parameters.add(details.phone ?? null, "text"),
    payer_email: parameters.add(details.payerEmail, "text"),
    amount_minor: parameters.add(payable.totalMinor, "int"),
    currency: parameters.add(payable.currency, "currency"),
    next_check_at: parameters.add(new Date(now + firstCheckDelayMs).toISOString(), "timestamp"),
    created_at: createdAt,
    updated_at: createdAt,
  });
  await recordChargeStart(sql, start, { parameters, row, now });
  return reference;
}

/**
 * Under the order's lock, which expiry takes too (order-expiry.server.ts): an order that expired (or
 * was cancelled, or paid from the wallet) since payableFor read it starts no charge.
 */
async function lockPayableOrder(sql: SqlQueries, orderId: number) {
  const [locked] = await sql.query<{ status: string; paymentStatus: string; expiredAt: string | null }>(
    `SELECT status::text AS status, payment_status::text AS "paymentStatus", ${isoTimestamp("expired_at")} AS "expiredAt" FROM orders WHERE id = $1::int FOR UPDATE`,
    [orderId],
  );
  if (locked) assertPayableOrder(locked);
}

/** Applies a charge step's answer to its attempt and says what the payer does next. */
export async function continueAttempt(reference: string, call: Promise<PaystackResult<ChargeData>>): Promise<ChargeResponse> {
  const result = await call;
  if (!result.ok) {
    if (result.kind === "rejected") {
      await applyTransactionOutcome({ reference, status: "failed", gatewayResponse: result.message });
      return { status: false, message: result.message || "Payment failed", data: { status: "failed", reference, gateway_response: result.message } };
    }
    // No usable answer: the attempt stays open and the reconciler finds out what happened.
    return {
      status: false,
      message: "We could not reach the payment provider. If money left your account, this order is updated within minutes; please check it before paying again.",
      data: { status: "pending", reference },
    };
  }

  const { data } = result;
  if (data.status === "success") {
    // Credit only a verified success for the full amount (refreshAttempt verifies with Paystack).
    const settled = await refreshAttempt(reference);
    const isPaid = settled === "credited" || settled === "already_settled";
    return isPaid
      ? { status: true, message: "Payment successful", data: { status: "success", reference, gateway_response: data.gateway_response } }
      : { status: true, message: "Payment is being confirmed", data: { status: "pending", reference } };
  }
  if (data.status === "failed" || data.status === "reversed") {
    const message = data.gateway_response || data.message || "Payment failed";
    await applyTransactionOutcome({ reference, status: data.status, gatewayResponse: message });
    return { status: false, message, data: { status: data.status, reference, gateway_response: message } };
  }
  if (data.status === "abandoned") {
    // Not completed, not final: the attempt stays watched (settlement), the payer hears it did not go through.
    const message = data.gateway_response || data.message || "The payment was not completed.";
    await applyTransactionOutcome({ reference, status: "abandoned", gatewayResponse: message });
    return { status: false, message, data: { status: "abandoned", reference, gateway_response: message } };
  }
  if (data.status === "open_url" && !webPageUrl(data.url)) {
    // Nobody can reach a page without an address: this attempt can only end unpaid.
    const message = paymentNotices.pageUnavailable;
    await applyTransactionOutcome({ reference, status: "failed", gatewayResponse: message });
    return { status: false, message, data: { status: "failed", reference, gateway_response: message } };
  }
  const status = attemptStatusByCharge[data.status];
  if (!status) {
    // A status Paystack added after this code: the attempt stays open, so the reconciler credits it
    // should it succeed anyway, and the payer is told to pay another way.
    return {
      status: false,
      message: "This card needs a verification step we cannot show here. Please use another card or mobile money.",
      data: { status: "pending", reference },
    };
  }
  await askForStep(getDatabase().sql, reference, status, data.display_text ?? null);
  const url = data.status === "open_url" ? webPageUrl(data.url) : undefined;
  return {
    status: true,
    message: data.display_text || result.message,
    data: { status: data.status, reference, display_text: data.display_text ?? null, ...(url ? { url } : {}) },
  };
}
