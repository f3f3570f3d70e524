// A simulated client: browses the packages page, orders for one of its accounts, pays (or not) with
// one of the sandbox's instruments, then looks at its order, with think time between steps. Cards are
// paid on the hosted checkout page as a browser pays them; mobile money through the store's API.
// Outcomes that contradict the sandbox instrument (a good card declined, a paid order shown unpaid)
// are findings; every order the client saw paid is checked against the database afterwards.
import { HttpError } from "./http.js";
import { chance, pickOne, pickWeighted } from "./pace.js";

const goodCard = { number: "4084084084084081", cvv: "408" };
const pinCard = { number: "507850785078507812", cvv: "081", pin: "1111" };
const pinOtpCard = { number: "5060666666666666666", cvv: "123", pin: "1234", otp: "123456" };
const declinedCard = { number: "4084080000005408", cvv: "001" };
const poorCard = { number: "4084080000670037", cvv: "787" };
const momo = { approves: "0551234987", insufficient: "0551234988" };

// Shares of what a client does with a new order (weights, not percentages).
const paymentMix = {
  card: 40,
  pinCard: 10,
  pinOtpCard: 6,
  declinedThenRetry: 8,
  insufficientFunds: 4,
  mtnApproves: 12,
  mtnInsufficient: 3,
  vodVoucher: 5,
  doubleClick: 3,
  abandonBeforePaying: 6,
  abandonAtPin: 3,
};
const platformMix = { instagram: 40, tiktok: 40, youtube: 20 };
const quantityMix = { 50: 60, 100: 20, 250: 10, 1000: 8, 100000: 2 };
// A few accounts many clients order for (a celebrity's), so orders of different clients share targets.
const popularTargets = Array.from({ length: 5 }, (_, index) => `ghana_star_${index}`);

const successStatuses = new Set(["success"]);
const closedStatuses = new Set(["success", "failed", "abandoned", "reversed"]);

export function createClientTally() {
  return { ordersCreated: 0, ordersRepeated: 0, paidSeen: new Map(), outcomes: {}, openOnReturn: 0, refillsRequested: 0, refillsRefused: 0, deliveriesNamed: 0, findings: [] };
}

/** Loops until the run ends. `tally` is shared by all clients. */
export async function runClient(client, { call, pace, tally, rampMs }) {
  const targets = [];
  // Paid orders the client comes back to, to ask for a refill once delivered (issue #21).
  const paidOrders = [];
  let orderNumber = 0;
  await pace.think(0, rampMs); // clients arrive over the ramp-up, not all in the same second
  while (pace.running()) {
    try {
      if (paidOrders.length > 0 && chance(0.5)) await revisitOrder(client, paidOrders, { call, tally });
      if (chance(0.6)) await call("GET", "/packages", { cookie: client.cookie, raw: true, expect: [200] });
      await pace.think(2000, 5000);
      if (!pace.running()) break;
      const order = await createOrder(client, { call, tally, targets, orderNumber: orderNumber++ });
      await pace.think(2000, 4000); // filling in the payment form
      if (!pace.running()) break;
      const method = pickWeighted(paymentMix);
      const outcome = await pay(client, order, method, { call, pace, tally });
      count(tally.outcomes, `${method}: ${outcome}`);
      if (outcome === "success") {
        tally.paidSeen.set(order.id, method);
        paidOrders.push(order);
      }
      await followOrder(client, order, outcome, { call, pace, tally });
    } catch (error) {
      if (error instanceof HttpError) tally.findings.push(`client ${client.index}: ${error.message}`);
      // Network errors and 5xx are recorded per route by the recorder; the client carries on.
      await pace.think(1000, 3000);
    }
    await pace.think(3000, 10000);
  }
}

async function createOrder(client, { call, tally, targets, orderNumber }) {
  const platform = pickWeighted(platformMix);
  let target;
  if (targets.length > 0 && chance(0.2)) target = pickOne(targets);
  else if (chance(0.05)) target = pickOne(popularTargets);
  else {
    target = `load_c${client.index}_t${orderNumber}`;
    targets.push(target);
  }
  const body = { packageId: `custom-${platform}`, quantity: Number(pickWeighted(quantityMix)), targetUsername: `@${target}`, accountScreenshot: null };
  // Some checkouts are submitted twice (a double click, a reload): the checkout key makes it one order.
  const checkoutKey = chance(0.3) ? `load-${client.index}-${orderNumber}` : undefined;
  const { body: order } = await call("POST", "/api/orders", { token: client.token, body: { ...body, checkoutKey }, expect: [201] });
  tally.ordersCreated++;
  if (checkoutKey && chance(0.3)) {
    const { body: again } = await call("POST", "/api/orders", { token: client.token, body: { ...body, checkoutKey }, expect: [200] });
    tally.ordersRepeated++;
    if (again.id !== order.id) tally.findings.push(`client ${client.index}: checkout key ${checkoutKey} answered order ${again.id} after ${order.id}`);
  }
  return order;
}

function expiry() {
  return { expiry_month: "12", expiry_year: String(new Date().getUTCFullYear() + 2) };
}

function chargeBody(client, order, extra) {
  return { email: client.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: order.currency, ...extra };
}

const chargeMobileMoney = (call, client, order, phone, provider) =>
  call("POST", "/api/payment/charge/mobile-money", { token: client.token, body: chargeBody(client, order, { mobile_money: { phone, provider } }), expect: [200] }).then(({ body }) => body);

const submitOtp = (call, client, reference, otp) => call("POST", "/api/payment/submit-otp", { token: client.token, body: { reference, otp }, expect: [200] }).then(({ body }) => body);

// ---- cards: Paystack's hosted checkout, as the payer's browser goes through it ----------------------
//
// POST /api/payment/charge/card (no card fields: the store never sees the card) answers open_url with
// authorization_url, the sandbox's copy of Paystack's checkout page on this server. The browser opens
// it, posts its forms (card, then PIN and OTP when the page asks for them, or cancel) and follows each
// 303 itself: back to the page (the next step, or a decline and the card form again) or to the store's
// callback_url, the payment status page, whose loader verifies the payment. Then the status page's
// check, GET /api/payment/verify/:reference, says what the payer is told.

/** The checkout's start: `data` of open_url, or null (and a finding) when the store answered anything else. */
async function startCardPayment(call, client, order, finding) {
  const { body } = await call("POST", "/api/payment/charge/card", { token: client.token, body: chargeBody(client, order), expect: [200] });
  if (body.data?.status !== "open_url" || !body.data.authorization_url || !body.data.reference) {
    finding(`charge`, `expected open_url with authorization_url, got ${JSON.stringify(body).slice(0, 200)}`);
    return null;
  }
  return body.data;
}

/** Where the payer stands on the checkout page: the form it shows (card, pin, otp, or none) and its notice (a decline). */
function readCheckoutPage(html) {
  return { step: /name="step" value="(card|pin|otp)"/.exec(html)?.[1] ?? null, notice: /role="alert"[^>]*>([^<]*)/.exec(html)?.[1] ?? null };
}

/**
 * The browser on one checkout page. `open()` loads it; `submit(fields)` posts one of its forms and
 * follows the 303: answers the page's state ({ step, notice }) when sent back to it, or
 * { returnedTo } when sent back to the store.
 */
function checkoutPage(call, url) {
  const view = async (address) => readCheckoutPage((await call("GET", address, { raw: true, expect: [200] })).body);
  return {
    open: () => view(url),
    async submit(fields) {
      const { headers } = await call("POST", url, { form: fields, raw: true, expect: [303] });
      const location = new URL(headers.get("location") ?? "", url);
      if (location.pathname === new URL(url).pathname) return view(location.href);
      return { step: null, notice: null, returnedTo: location.href };
    },
  };
}

const cardFields = (card) => ({ step: "card", number: card.number, cvv: card.cvv, ...expiry() });

/**
 * Back at the store: the browser GETs callback_url (the status page, signed in: its loader verifies
 * and credits), then the page's check. Answers verify's `data.status`. A check that still reads
 * open (pending, ongoing) is repeated as the page repeats it, every 2–3 s here (the page: 10 s), up
 * to 30 s; such returns are counted (`tally.openOnReturn`): the store's verify may answer from its
 * last look at Paystack for 3 s (verifyThrottleMs), and a reconciler's look just before the payer
 * finished leaves that look "ongoing".
 */
async function returnToStore(call, client, returnedTo, reference, finding, { pace, tally }) {
  const back = new URL(returnedTo);
  if (back.pathname !== `/payment-status/${encodeURIComponent(reference)}` || back.searchParams.get("reference") !== reference || back.searchParams.get("trxref") !== reference) {
    finding("return", `the checkout sent the payer to ${returnedTo}, not the status page of ${reference} with trxref and reference`);
  }
  await call("GET", returnedTo, { cookie: client.cookie, raw: true, expect: [200] });
  const { body } = await call("GET", `/api/payment/verify/${encodeURIComponent(reference)}`, { expect: [200] });
  if (closedStatuses.has(body.data?.status)) return body.data.status;
  tally.openOnReturn++;
  return waitForPrompt(call, pace, reference);
}

/** Pays (or not) with one instrument; answers the final status the client was told, or "abandoned". */
async function pay(client, order, method, { call, pace, tally }) {
  const finding = (step, text) => tally.findings.push(`client ${client.index}, order ${order.id}, ${method} ${step}: ${text}`);
  const expect = (step, answer, wanted) => {
    // A client still waiting for its phone when the run ends walks away: not the app's doing.
    if (answer.data?.status === "abandoned" && !pace.running()) return "abandoned";
    if (answer.data?.status !== wanted) finding(step, `expected ${wanted}, got ${JSON.stringify(answer).slice(0, 200)}`);
    return answer.data?.status;
  };
  /** The checkout page shows `wanted` (card, pin, otp) or sent the payer back (null); a mismatch is a finding. */
  const expectPage = (step, state, wanted, notice) => {
    if (state.step !== wanted || (notice && !state.notice?.includes(notice))) finding(step, `expected the page at ${wanted ?? "the store"}${notice ? ` saying "${notice}"` : ""}, got ${JSON.stringify(state)}`);
    return state.step === wanted;
  };
  /** Back to the store from the page, then what verify says (`wanted`). */
  const returned = async (step, state, reference, wanted) => {
    if (!state.returnedTo) {
      finding(step, `expected a return to the store, got the page at ${JSON.stringify(state)}`);
      return "failed";
    }
    return expect(`${step} return`, { data: { status: await returnToStore(call, client, state.returnedTo, reference, finding, { pace, tally }) } }, wanted);
  };
  /** charge/card, then the page opened with its card form; null when either went wrong (a finding). */
  const openCheckout = async () => {
    const started = await startCardPayment(call, client, order, finding);
    if (!started) return null;
    const page = checkoutPage(call, started.authorization_url);
    if (!expectPage("open", await page.open(), "card")) return null;
    await pace.think(2000, 4000); // typing the card in
    return { page, reference: started.reference };
  };

  switch (method) {
    case "card": {
      const checkout = await openCheckout();
      if (!checkout) return "failed";
      return returned("card", await checkout.page.submit(cardFields(goodCard)), checkout.reference, "success");
    }
    case "pinCard": {
      const checkout = await openCheckout();
      if (!checkout || !expectPage("card", await checkout.page.submit(cardFields(pinCard)), "pin")) return "failed";
      await pace.think(2000, 5000);
      return returned("pin", await checkout.page.submit({ step: "pin", pin: pinCard.pin }), checkout.reference, "success");
    }
    case "pinOtpCard": {
      const checkout = await openCheckout();
      if (!checkout || !expectPage("card", await checkout.page.submit(cardFields(pinOtpCard)), "pin")) return "failed";
      await pace.think(2000, 4000);
      if (!expectPage("pin", await checkout.page.submit({ step: "pin", pin: pinOtpCard.pin }), "otp")) return "failed";
      await pace.think(3000, 8000); // waiting for the SMS
      return returned("otp", await checkout.page.submit({ step: "otp", otp: pinOtpCard.otp }), checkout.reference, "success");
    }
    case "declinedThenRetry": {
      // Declined: the page says why and shows the card form again. Half the payers give up (cancel,
      // back to the store: failed); the others try a good card, on the same page or, after going back
      // to the store, in a new checkout of the same order.
      const checkout = await openCheckout();
      if (!checkout || !expectPage("card", await checkout.page.submit(cardFields(declinedCard)), "card", "Declined")) return "failed";
      await pace.think(3000, 6000);
      if (chance(0.5)) return returned("cancel", await checkout.page.submit({ step: "cancel" }), checkout.reference, "failed");
      if (chance(0.5)) return returned("retry on the same page", await checkout.page.submit(cardFields(goodCard)), checkout.reference, "success");
      if ((await returned("cancel", await checkout.page.submit({ step: "cancel" }), checkout.reference, "failed")) !== "failed") return "failed";
      await pace.think(2000, 4000);
      const again = await openCheckout();
      if (!again) return "failed";
      return returned("retry in a new checkout", await again.page.submit(cardFields(goodCard)), again.reference, "success");
    }
    case "insufficientFunds": {
      const checkout = await openCheckout();
      if (!checkout || !expectPage("card", await checkout.page.submit(cardFields(poorCard)), "card", "Insufficient Funds")) return "failed";
      await pace.think(2000, 4000);
      return returned("cancel", await checkout.page.submit({ step: "cancel" }), checkout.reference, "failed");
    }
    case "mtnApproves":
      return payByPhone(call, pace, await chargeMobileMoney(call, client, order, momo.approves, "mtn"), (step, answer) => expect(step, answer, "success"));
    case "mtnInsufficient":
      return payByPhone(call, pace, await chargeMobileMoney(call, client, order, momo.insufficient, "mtn"), (step, answer) => expect(step, answer, "failed"));
    case "vodVoucher": {
      const answer = await chargeMobileMoney(call, client, order, `05${String(client.index).padStart(8, "0")}`, "vod");
      expect("charge", answer, "send_otp");
      await pace.think(3000, 8000);
      return expect("voucher", await submitOtp(call, client, answer.data.reference, "123456"), "success");
    }
    case "doubleClick": {
      // Two charges of the same order at once open two checkouts, and the payer pays on both at once
      // (two tabs): the order is paid once, the second success is refunded (the integrity checks).
      const started = await Promise.all([startCardPayment(call, client, order, finding), startCardPayment(call, client, order, finding)]);
      if (started.some((data) => !data)) return "failed";
      if (started[0].reference === started[1].reference) finding("charge", `two checkouts answered one reference ${started[0].reference}`);
      const statuses = await Promise.all(
        started.map(async ({ authorization_url: url, reference }) => {
          const page = checkoutPage(call, url);
          if (!expectPage("open", await page.open(), "card")) return "failed";
          const state = await page.submit(cardFields(goodCard));
          return state.returnedTo ? returnToStore(call, client, state.returnedTo, reference, finding, { pace, tally }) : "failed";
        }),
      );
      // Verify says "success" for both: each was paid on Paystack; the store keeps one and refunds the other.
      if (statuses.some((status) => status !== "success")) finding("pay twice", `verify answered ${statuses.join(", ")}`);
      return statuses.includes("success") ? "success" : "failed";
    }
    case "abandonAtPin": {
      // The page asks for the PIN and the payer leaves: the attempt stays open, the order unpaid.
      const checkout = await openCheckout();
      if (!checkout) return "failed";
      expectPage("card", await checkout.page.submit(cardFields(pinCard)), "pin");
      return "abandoned";
    }
    default:
      return "abandoned";
  }
}

/**
 * A prompt on the phone: the charge answers pay_offline, then the status page polls. A charge call
 * slower than the sandbox's approval delay may already answer the outcome, which is right too.
 */
async function payByPhone(call, pace, charged, expectOutcome) {
  if (charged.data?.status !== "pay_offline") return expectOutcome("charge", charged);
  return expectOutcome("approval", { data: { status: await waitForPrompt(call, pace, charged.data.reference) } });
}

/** Polls GET /api/payment/verify/{reference} as the status page does, up to 30 s. */
async function waitForPrompt(call, pace, reference) {
  const deadline = Date.now() + 30_000;
  let status = "ongoing";
  while (Date.now() < deadline && pace.running()) {
    await pace.think(2000, 3000);
    const { body } = await call("GET", `/api/payment/verify/${reference}`, { expect: [200] });
    status = body.data.status;
    if (closedStatuses.has(status)) return status;
  }
  return pace.running() ? status : "abandoned"; // the client left when the run ended
}

/** Looks at the order (and sometimes the list) a few times, as a client waiting for delivery does. */
async function followOrder(client, order, outcome, { call, pace, tally }) {
  const looks = outcome === "success" ? 1 + Math.floor(Math.random() * 3) : chance(0.5) ? 1 : 0;
  for (let look = 0; look < looks && pace.running(); look++) {
    await pace.think(2000, 6000);
    const { body } = await call("GET", `/api/orders/${order.id}`, { token: client.token, expect: [200] });
    if (successStatuses.has(outcome) && body.paymentStatus !== "paid") {
      tally.findings.push(`client ${client.index}: order ${order.id} paid (${outcome}) but shown ${body.paymentStatus}`);
    }
    if (chance(0.4)) await call("GET", "/api/orders?limit=20", { token: client.token, expect: [200] });
  }
}

/**
 * Back at one of its paid orders: once it is delivered, the client names one or two deliveries as
 * dropped in a refill, and sometimes asks again at once (the store's one-open and 24-hour rules
 * answer that one). The order is then left alone.
 */
async function revisitOrder(client, paidOrders, { call, tally }) {
  const order = pickOne(paidOrders);
  const { body } = await call("GET", `/api/orders/${order.id}`, { token: client.token, expect: [200] });
  if (body.status !== "completed") return;
  paidOrders.splice(paidOrders.indexOf(order), 1);
  await requestRefill(client, order, { call, tally });
  if (chance(0.3)) await requestRefill(client, order, { call, tally });
}

/**
 * A refill (decision 0041): the client reads the order's deliveries, as the order page lists them,
 * and names one or two still counted as dropped. 201; or, for the repeat, 409 (a refill in progress,
 * or a named delivery flagged meanwhile) or 429 (one per 24 hours).
 */
async function requestRefill(client, order, { call, tally }) {
  const counted = await countedDeliveries(client, order, { call, tally });
  if (counted.length === 0) return; // nothing left to name: the client has no refill to ask for
  const deliveryIds = shuffled(counted).slice(0, chance(0.5) ? 1 : 2);
  const { status, body } = await call("POST", `/api/orders/${order.id}/refills`, { token: client.token, body: { deliveryIds }, expect: [201, 409, 429] });
  if (status === 201) {
    tally.refillsRequested++;
    tally.deliveriesNamed += deliveryIds.length;
    if (body.named?.total !== deliveryIds.length) tally.findings.push(`client ${client.index}: refill of order ${order.id} named ${deliveryIds.length} deliveries, answered ${JSON.stringify(body).slice(0, 200)}`);
  } else tally.refillsRefused++;
  await call("GET", `/api/orders/${order.id}/refills`, { token: client.token, expect: [200] });
}

/** Ids of the order's deliveries still `counted`, from its first page and, when it has more, one other page (50 a page). */
async function countedDeliveries(client, order, { call, tally }) {
  const read = (page) => call("GET", `/api/orders/${order.id}/deliveries?page=${page}`, { token: client.token, expect: [200] }).then(({ body }) => body);
  let page = await read(1);
  if (page.pages > 1 && chance(0.5)) page = await read(2 + Math.floor(Math.random() * (page.pages - 1)));
  if (!Array.isArray(page.deliveries)) {
    tally.findings.push(`client ${client.index}: deliveries of order ${order.id} answered ${JSON.stringify(page).slice(0, 200)}`);
    return [];
  }
  return page.deliveries.filter((delivery) => delivery.state === "counted").map((delivery) => delivery.id);
}

function shuffled(items) {
  return items.map((item) => [Math.random(), item]).sort(([a], [b]) => a - b).map(([, item]) => item);
}

function count(record, key) {
  record[key] = (record[key] ?? 0) + 1;
}
