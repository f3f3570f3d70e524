import express, { type Response, type Router } from "express";
import type { createChargeOperations } from "./charges";
import { type ChargeRecord, type ChargeState, resolveCharge } from "./records";
import { cardSchema, firstProblem } from "./requests";
import type { Store } from "./store";

/**
 * The sandbox's copy of Paystack's hosted checkout page (`authorization_url` of POST
 * /transaction/initialize): the payer enters a test card, then its PIN or OTP when the card asks
 * for one, and goes back to the store's `callback_url` with `?trxref=&reference=` as Paystack sends
 * them. Plain HTML forms with the POST/redirect/GET pattern, so it works without JavaScript. It is a
 * browser page, so unlike the API it needs no secret key: the access code in the address is the key.
 */
export interface CheckoutPageOptions {
  store: Store;
  charges: ReturnType<typeof createChargeOperations>;
  now: () => number;
}

type Step = "card" | "pin" | "otp";

export function createCheckoutPages({ store, charges, now }: CheckoutPageOptions): Router {
  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: "10kb" }));

  async function transactionOf(accessCode: string): Promise<ChargeRecord | undefined> {
    const checkout = await store.read<{ reference: string }>("checkouts", accessCode);
    return checkout ? store.read<ChargeRecord>("charges", checkout.reference) : undefined;
  }

  router.get("/:accessCode", async (request, response) => {
    const record = await transactionOf(request.params.accessCode);
    if (!record?.checkout) return sendPage(response.status(404), "Checkout not found", `<p>This checkout link is unknown or has expired.</p>`);
    const state = resolveCharge(record, now());
    if (state.transactionStatus === "success" && record.checkout.callbackUrl) return response.redirect(303, returnUrl(record));
    sendPage(response, "Pay with card", checkoutBody(record, state, null));
  });

  router.post("/:accessCode", async (request, response) => {
    const accessCode = request.params.accessCode;
    const record = await transactionOf(accessCode);
    if (!record?.checkout) return sendPage(response.status(404), "Checkout not found", `<p>This checkout link is unknown or has expired.</p>`);
    const form = request.body as Record<string, string | undefined>;
    const step = form.step;
    if (step === "cancel") return response.redirect(303, returnUrl(record));

    const state = resolveCharge(record, now());
    const expected = stepOf(record, state);
    if (step !== expected) return response.redirect(303, `${request.baseUrl}/${accessCode}`); // a stale form: show the current step
    if (step === "card") {
      const card = cardSchema.safeParse({ number: form.number, cvv: form.cvv, expiry_month: form.expiry_month, expiry_year: form.expiry_year });
      if (!card.success) return sendPage(response.status(400), "Pay with card", checkoutBody(record, state, firstProblem(card.error)));
      await charges.payInitialized(record.reference, card.data);
    } else if (step === "pin" || step === "otp") {
      const answer = (form[step] ?? "").replace(/\s+/g, "");
      if (!answer) return sendPage(response.status(400), "Pay with card", checkoutBody(record, state, step === "pin" ? "Enter your card PIN." : "Enter the OTP."));
      await charges.submit(step, { reference: record.reference, [step]: answer });
    }
    const after = await store.read<ChargeRecord>("charges", record.reference);
    const isPaid = after && resolveCharge(after, now()).transactionStatus === "success";
    response.redirect(303, isPaid && after.checkout?.callbackUrl ? returnUrl(after) : `${request.baseUrl}/${accessCode}`);
  });

  return router;
}

/** What the payer does next on the page: enter a card (again, after a decline), a PIN, an OTP, or nothing. */
function stepOf(record: ChargeRecord, state: ChargeState): Step | null {
  if (record.state === "initialized" || state.transactionStatus === "failed") return "card";
  if (state.challenge?.kind === "pin") return "pin";
  if (state.challenge?.kind === "otp") return "otp";
  return null;
}

/** Paystack's return: the callback URL with `trxref` and `reference` added to its query. */
function returnUrl(record: ChargeRecord): string {
  const url = new URL(record.checkout!.callbackUrl ?? "about:blank");
  url.searchParams.set("trxref", record.reference);
  url.searchParams.set("reference", record.reference);
  return url.toString();
}

function checkoutBody(record: ChargeRecord, state: ChargeState, problem: string | null): string {
  const amount = `${escape(record.currency)} ${(record.amount / 100).toFixed(2)}`;
  const step = stepOf(record, state);
  const declined = state.transactionStatus === "failed" && record.state !== "initialized" ? state.gatewayResponse : null;
  const notice = problem ?? declined;
  const parts = [
    `<p style="margin:0 0 4px;color:#555">${escape(record.email)}</p>`,
    `<p style="margin:0 0 16px;font-size:1.5rem;font-weight:700">Pay ${amount}</p>`,
    notice ? `<p role="alert" style="padding:8px 12px;border-radius:6px;background:#fde8e8;color:#8a1c1c">${escape(notice)}${declined && !problem ? ". Try another card." : ""}</p>` : "",
  ];
  if (step === "card") parts.push(cardForm(amount));
  else if (step === "pin") parts.push(codeForm("pin", "Card PIN", state.displayText ?? "Please enter your 4-digit card PIN to authorize this payment", "password", 4, "Authorize"));
  else if (step === "otp") parts.push(codeForm("otp", "One-time code (OTP)", state.displayText ?? "Enter the OTP sent to your phone", "text", 6, "Authorize"));
  else if (state.transactionStatus === "success") parts.push(`<p role="status">Payment successful.</p>`);
  else parts.push(`<p role="status">${escape(state.gatewayResponse)}</p>`);
  parts.push(
    `<form method="post" style="margin-top:16px"><input type="hidden" name="step" value="cancel"><button type="submit" style="${linkButton}">${state.transactionStatus === "success" ? "Return to the store" : "Cancel payment and return to the store"}</button></form>`,
    testCards,
  );
  return parts.join("\n");
}

function cardForm(amount: string): string {
  return `<form method="post" style="display:grid;gap:12px">
  <input type="hidden" name="step" value="card">
  ${field("number", "Card number", `<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required style="${input}">`)}
  <div style="display:grid;grid-template-columns:1fr 1fr 1fr;gap:8px">
    ${field("expiry_month", "Month (MM)", `<input id="expiry_month" name="expiry_month" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" required style="${input}">`)}
    ${field("expiry_year", "Year (YYYY)", `<input id="expiry_year" name="expiry_year" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" required style="${input}">`)}
    ${field("cvv", "CVV", `<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required style="${input}">`)}
  </div>
  <button type="submit" style="${primaryButton}">Pay ${amount}</button>
</form>`;
}

function codeForm(name: "pin" | "otp", label: string, hint: string, type: string, length: number, action: string): string {
  return `<form method="post" style="display:grid;gap:12px">
  <input type="hidden" name="step" value="${name}">
  <p style="margin:0">${escape(hint)}</p>
  ${field(name, label, `<input id="${name}" name="${name}" type="${type}" inputmode="numeric" autocomplete="one-time-code" maxlength="${length}" required autofocus style="${input}">`)}
  <button type="submit" style="${primaryButton}">${action}</button>
</form>`;
}

const field = (id: string, label: string, control: string) => `<div style="display:grid;gap:4px"><label for="${id}" style="font-size:.875rem;font-weight:600">${label}</label>${control}</div>`;

const input = "height:40px;padding:0 10px;border:1px solid #bbb;border-radius:6px;font-size:1rem;min-width:0";
const primaryButton = "height:44px;border:0;border-radius:6px;background:#0b7a3e;color:#fff;font-size:1rem;font-weight:700;cursor:pointer";
const linkButton = "border:0;background:none;padding:0;color:#0b5394;text-decoration:underline;cursor:pointer;font-size:.875rem";

const testCards = `<details style="margin-top:24px;font-size:.875rem"><summary>Sandbox test cards</summary><ul>
<li>4084 0840 8408 4081, CVV 408: paid at once</li>
<li>5078 5078 5078 5078 12, CVV 081: PIN 1111</li>
<li>5060 6666 6666 6666 666, CVV 123: PIN 1234, then OTP 123456</li>
<li>4084 0800 0000 5408, CVV 001: declined</li>
<li>Any future expiry date.</li></ul></details>`;

function sendPage(response: Response, title: string, body: string) {
  response
    .set("Cache-Control", "no-store")
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escape(title)} | Paystack sandbox</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#f3f5f7;color:#111">
<main style="max-width:26rem;margin:32px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.1)">
<p style="margin:0 0 16px;font-size:.75rem;font-weight:700;letter-spacing:.05em;text-transform:uppercase;color:#8a6d00">Paystack sandbox · test mode · no real money moves</p>
<h1 style="margin:0 0 12px;font-size:1.25rem">${escape(title)}</h1>
${body}
</main></body></html>`,
    );
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
