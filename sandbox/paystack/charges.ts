import type { z } from "zod";
import { customerIdFor, isoAt, newCode, newId, type Reply, refuse, type SandboxContext, succeed, transactionNotFound } from "./context";
import { cardBrand, type Challenge, findCard, findWallet, type Instrument, instrumentById, unknownCardMessage, unknownWalletMessage, walletNames, wrongAnswerMessage } from "./instruments";
import { type ChargeRecord, chargeShape, fetchedRefundShape, type RefundRecord, refundDeliveries, refundShape, resolveCharge } from "./records";
import {
  type CardInput,
  chargeRequestSchema,
  firstProblem,
  initializeRequestSchema,
  refundRequestSchema,
  submitAddressSchema,
  submitBirthdaySchema,
  submitOtpSchema,
  submitPhoneSchema,
  submitPinSchema,
} from "./requests";

/** Charges, their steps (PIN, OTP, phone, birthday, address, 3-D Secure page), status checks and refunds. */
export function createChargeOperations(context: SandboxContext) {
  const { store, now, timing } = context;

  /** Moves a charge past its answered challenges: next challenge, or the instrument's ending. */
  function advance(record: ChargeRecord, instrument: Instrument, at: number): ChargeRecord {
    if (record.challengesPassed < instrument.challenges.length) return { ...record, state: "awaiting" };
    const { ending } = instrument;
    if (ending.kind === "failed") return { ...record, state: "failed", gatewayResponse: ending.gatewayResponse };
    if (ending.kind === "offline") {
      const settlesAt = at + (ending.outcome === "abandoned" ? timing.momoAbandonMs : timing.momoApproveMs);
      return withSuccessWebhook({ ...record, state: "offline", settlesAt: isoAt(settlesAt) }, ending.outcome === "success" ? settlesAt : undefined);
    }
    return withSuccessWebhook({ ...record, state: "success", paidAt: isoAt(at) }, at);
  }

  function withSuccessWebhook(record: ChargeRecord, successAt: number | undefined): ChargeRecord {
    if (successAt === undefined) return record;
    const delivery = { key: "charge.success", dueAt: isoAt(successAt + record.webhook.delayMs), copies: record.webhook.copies };
    return { ...record, deliveries: [...record.deliveries, delivery] };
  }

  function answer(record: ChargeRecord, instrument: Instrument, challenge: Challenge, given: string, at: number): ChargeRecord {
    if (given !== challenge.answer) return { ...record, state: "failed", gatewayResponse: wrongAnswerMessage(challenge, instrument.channel) };
    return advance({ ...record, challengesPassed: record.challengesPassed + 1 }, instrument, at);
  }

  /** POST /charge. `authenticationUrl`: where this sandbox's 3-D Secure page for a reference is. */
  async function charge(body: unknown, authenticationUrl: (reference: string) => string): Promise<Reply> {
    const parsed = chargeRequestSchema.safeParse(body ?? {});
    if (!parsed.success) return refuse(firstProblem(parsed.error));
    const input = parsed.data;
    const at = now();
    const reference = input.reference ?? newCode();
    const controls = sandboxControls(input.metadata);
    const base: Omit<ChargeRecord, "channel" | "authorization"> = {
      id: newId(),
      reference,
      email: input.email,
      customerId: customerIdFor(input.email),
      amount: input.amount,
      currency: input.currency,
      metadata: input.metadata ?? null,
      createdAt: isoAt(at),
      instrumentId: null,
      challengesPassed: 0,
      state: "failed",
      gatewayResponse: null,
      paidAt: null,
      settlesAt: null,
      webhook: controls,
      refunds: [],
      deliveries: [],
    };

    let record: ChargeRecord;
    if (input.card) {
      record = chargeCard(base, input.card, input.pin, at);
    } else {
      const { provider } = input.mobile_money!;
      const phone = localPhone(input.mobile_money!.phone);
      const wallet: ChargeRecord = {
        ...base,
        channel: "mobile_money",
        authorization: { last4: phone.slice(-4), brand: walletNames[provider], bank: walletNames[provider], channel: "mobile_money", bin: `${phone.slice(0, 3)}XXX` },
      };
      const instrument = findWallet(provider, phone);
      record = instrument ? advance({ ...wallet, instrumentId: instrument.id }, instrument, at) : { ...wallet, gatewayResponse: unknownWalletMessage };
    }

    if (record.instrumentId && instrumentById(record.instrumentId)?.challenges.some((challenge) => challenge.kind === "url")) {
      record = { ...record, authenticationUrl: authenticationUrl(reference) };
    }
    if (!(await store.create("charges", reference, record))) return refuse("Duplicate Transaction Reference");
    context.scheduleDeliveries("charges", reference, record);
    return succeed("Charge attempted", chargeShape(record, at, "charge"));
  }

  /** A card charge from its first answer: the instrument's first challenge or ending, or a refusal. */
  function chargeCard(base: Omit<ChargeRecord, "channel" | "authorization">, card: CardInput, pin: string | undefined, at: number): ChargeRecord {
    const { number, cvv, expiry_month, expiry_year } = card;
    const authorization = { last4: number.slice(-4), brand: cardBrand(number), bank: "TEST BANK", channel: "card" as const, bin: number.slice(0, 6), ...cardExpiry(expiry_month, expiry_year) };
    const started: ChargeRecord = { ...base, channel: "card", authorization };
    const instrument = findCard(number, cvv);
    if (isExpired(Number(expiry_month), Number(expiry_year), at)) return { ...started, state: "failed", gatewayResponse: "Expired Card" };
    if (!instrument) return { ...started, state: "failed", gatewayResponse: unknownCardMessage };
    const withInstrument = { ...started, instrumentId: instrument.id };
    const [first] = instrument.challenges;
    // Paystack takes the PIN with the charge itself: it answers the first `send_pin` at once.
    return pin !== undefined && first?.kind === "pin" ? answer(withInstrument, instrument, first, pin, at) : advance(withInstrument, instrument, at);
  }

  /**
   * POST /transaction/initialize: a transaction the payer completes on the sandbox's checkout page
   * (`authorization_url`), as on Paystack's. Until then it verifies as `abandoned`.
   */
  async function initialize(body: unknown, checkoutUrl: (accessCode: string, callbackUrl: string | null) => string): Promise<Reply> {
    const parsed = initializeRequestSchema.safeParse(body ?? {});
    if (!parsed.success) return refuse(firstProblem(parsed.error));
    const input = parsed.data;
    if (input.channels && !input.channels.includes("card")) return refuse("The sandbox's checkout takes cards only: include \"card\" in channels");
    const at = now();
    const reference = input.reference ?? newCode();
    const accessCode = newCode();
    const record: ChargeRecord = {
      id: newId(),
      reference,
      email: input.email,
      customerId: customerIdFor(input.email),
      amount: input.amount,
      currency: input.currency,
      channel: "card",
      metadata: input.metadata ?? null,
      createdAt: isoAt(at),
      instrumentId: null,
      challengesPassed: 0,
      state: "initialized",
      gatewayResponse: null,
      paidAt: null,
      settlesAt: null,
      authorization: { last4: "", brand: "", bank: null, channel: "card" },
      webhook: sandboxControls(input.metadata),
      refunds: [],
      deliveries: [],
      checkout: { accessCode, callbackUrl: input.callback_url ?? null },
    };
    if (!(await store.create("charges", reference, record))) return refuse("Duplicate Transaction Reference");
    await store.create("checkouts", accessCode, { reference });
    return succeed("Authorization URL created", { authorization_url: checkoutUrl(accessCode, record.checkout!.callbackUrl), access_code: accessCode, reference });
  }

  /** The checkout page's card form: the initialised transaction becomes a card charge (its steps follow by reference). */
  async function payInitialized(reference: string, card: CardInput): Promise<ChargeRecord | undefined> {
    const at = now();
    const record = await store.update<ChargeRecord>("charges", reference, (current) =>
      // A transaction whose card was declined may be tried again with another card, as on Paystack's page.
      current.state === "initialized" || (current.checkout && current.state === "failed") ? chargeCard({ ...current, state: "failed", gatewayResponse: null, challengesPassed: 0, instrumentId: null }, card, undefined, at) : undefined,
    );
    if (record) context.scheduleDeliveries("charges", reference, record);
    return record;
  }

  /** submit_pin, submit_otp, submit_phone, submit_birthday and submit_address: answer the challenge the charge is waiting for. */
  async function submit(kind: SubmittedChallenge, body: unknown): Promise<Reply> {
    const read = answerReaders[kind](body ?? {});
    if (!read.ok) return refuse(read.message);
    const { reference, given } = read;
    const at = now();
    let refusal: Reply | undefined;
    const record = await store.update<ChargeRecord>("charges", reference, (current) => {
      const state = resolveCharge(current, at);
      if (state.challenge?.kind !== kind) {
        refusal = refuse(`Charge is not awaiting ${awaitedNames[kind]}: its status is ${state.chargeStatus}`);
        return undefined;
      }
      return answer(current, instrumentOf(current), state.challenge, given, at);
    });
    if (!record) return transactionNotFound();
    if (refusal) return refusal;
    context.scheduleDeliveries("charges", reference, record);
    return succeed("Charge attempted", chargeShape(record, at, "charge"));
  }

  /** A visit to the 3-D Secure page: the charge waiting on it is authenticated (and then succeeds). */
  async function authenticate(reference: string): Promise<ChargeRecord | undefined> {
    const at = now();
    const record = await store.update<ChargeRecord>("charges", reference, (current) => {
      const { challenge } = resolveCharge(current, at);
      return challenge?.kind === "url" ? answer(current, instrumentOf(current), challenge, challenge.answer, at) : undefined;
    });
    if (record) context.scheduleDeliveries("charges", reference, record);
    return record;
  }

  async function checkPending(reference: string): Promise<Reply> {
    const record = await store.read<ChargeRecord>("charges", reference);
    if (!record) return transactionNotFound();
    return succeed("Reference check successful", chargeShape(record, now(), "charge"));
  }

  async function verify(reference: string): Promise<Reply> {
    const record = await store.read<ChargeRecord>("charges", reference);
    if (!record) return transactionNotFound();
    return succeed("Verification successful", chargeShape(record, now(), "transaction"));
  }

  async function refund(body: unknown): Promise<Reply> {
    const parsed = refundRequestSchema.safeParse(body ?? {});
    if (!parsed.success) return refuse(firstProblem(parsed.error));
    const input = parsed.data;
    const reference = await referenceOf(input.transaction);
    if (!reference) return refuse("Transaction not found", 404);
    const at = now();
    let refusal: Reply | undefined;
    let created: RefundRecord | undefined;
    const record = await store.update<ChargeRecord>("charges", reference, (current) => {
      const state = resolveCharge(current, at);
      const refundable = current.amount - current.refunds.reduce((sum, existing) => sum + existing.amount, 0);
      const amount = input.amount ?? refundable;
      if (state.transactionStatus !== "success" && state.transactionStatus !== "reversed") refusal = refuse(`Transaction has not been completed: its status is ${state.transactionStatus}`);
      else if (refundable <= 0) refusal = refuse("Transaction has been fully reversed");
      else if (input.currency && input.currency !== current.currency) refusal = refuse(`Refund currency must be the transaction's currency (${current.currency})`);
      else if (amount > refundable) refusal = refuse(`Refund amount cannot be greater than the transaction amount left to refund (${refundable})`);
      if (refusal) return undefined;
      created = {
        id: newId(),
        amount,
        createdAt: isoAt(at),
        processedAt: isoAt(at + timing.refundProcessMs),
        customerNote: input.customer_note ?? null,
        merchantNote: input.merchant_note ?? null,
      };
      return { ...current, refunds: [...current.refunds, created], deliveries: [...current.deliveries, ...refundDeliveries(created)] };
    });
    if (!record) return refuse("Transaction not found", 404);
    if (refusal || !created) return refusal ?? refuse("Refund could not be created");
    context.scheduleDeliveries("charges", reference, record);
    return succeed("Refund has been queued for processing", refundShape(record, created, at));
  }

  /** GET /refund/{id}. */
  async function fetchRefund(id: string): Promise<Reply> {
    if (/^\d+$/.test(id)) {
      for (const record of await store.list<ChargeRecord>("charges")) {
        const found = record.refunds.find((refund) => String(refund.id) === id);
        if (found) return succeed("Refund retrieved", fetchedRefundShape(record, found, now()));
      }
    }
    return refuse("Refund not found", 404);
  }

  /** Paystack takes a transaction's reference or its numeric id. */
  async function referenceOf(transaction: string): Promise<string | undefined> {
    if (await store.read("charges", transaction)) return transaction;
    if (!/^\d+$/.test(transaction)) return undefined;
    const records = await store.list<ChargeRecord>("charges");
    return records.find((record) => String(record.id) === transaction)?.reference;
  }

  return { charge, submit, authenticate, checkPending, verify, refund, fetchRefund, initialize, payInitialized };
}

/** The challenges answered through a /charge/submit_* call (the 3-D Secure page is visited instead). */
export type SubmittedChallenge = Exclude<Challenge["kind"], "url">;

const awaitedNames: Record<SubmittedChallenge, string> = { pin: "a PIN", otp: "an OTP", phone: "a phone number", birthday: "a birthday", address: "an address" };

type ReadAnswer = { ok: true; reference: string; given: string } | { ok: false; message: string };

/** Each submit body's answer, as the instrument's challenge states it (an address is checked by its zip code). */
const answerReaders: Record<SubmittedChallenge, (body: unknown) => ReadAnswer> = {
  pin: (body) => readWith(submitPinSchema.safeParse(body), (data) => data.pin),
  otp: (body) => readWith(submitOtpSchema.safeParse(body), (data) => data.otp),
  phone: (body) => readWith(submitPhoneSchema.safeParse(body), (data) => localPhone(data.phone.replace(/\D/g, ""))),
  birthday: (body) => readWith(submitBirthdaySchema.safeParse(body), (data) => data.birthday),
  address: (body) => readWith(submitAddressSchema.safeParse(body), (data) => data.zip_code.trim()),
};

function readWith<T extends { reference: string }>(parsed: { success: true; data: T } | { success: false; error: z.ZodError }, answerOf: (data: T) => string): ReadAnswer {
  return parsed.success ? { ok: true, reference: parsed.data.reference, given: answerOf(parsed.data) } : { ok: false, message: firstProblem(parsed.error) };
}

function instrumentOf(record: ChargeRecord): Instrument {
  const instrument = record.instrumentId ? instrumentById(record.instrumentId) : undefined;
  if (!instrument) throw new Error(`charge ${record.reference} has no known instrument`);
  return instrument;
}

/** Test controls in `metadata.sandbox`: several identical webhook copies, or a late webhook. */
function sandboxControls(metadata: Record<string, unknown> | null | undefined): ChargeRecord["webhook"] {
  const controls = (metadata?.sandbox ?? {}) as { webhookCopies?: unknown; webhookDelayMs?: unknown };
  const copies = Number.isInteger(controls.webhookCopies) ? Math.min(Math.max(controls.webhookCopies as number, 1), 10) : 1;
  const delayMs = Number.isInteger(controls.webhookDelayMs) ? Math.min(Math.max(controls.webhookDelayMs as number, 0), 10 * 60_000) : 0;
  return { copies, delayMs };
}

/** The expiry as Paystack's authorization reports it: "09", "2028". */
function cardExpiry(month: string, year: string) {
  return { expMonth: month.padStart(2, "0"), expYear: year.length === 2 ? `20${year}` : year };
}

/** A card is valid through the last day of its expiry month. */
function isExpired(month: number, year: number, at: number): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  return Date.UTC(fullYear, month, 1) <= at;
}

/** Ghana numbers as local 10-digit numbers: +233 55 123 4987 -> 0551234987. */
function localPhone(phone: string): string {
  const digits = phone.replace(/^\+/, "");
  return digits.startsWith("233") && digits.length === 12 ? `0${digits.slice(3)}` : digits;
}
