// A simulated client: browses the packages page, orders for one of its accounts, pays (or not) with
// one of the sandbox's instruments, then looks at its order, with think time between steps.
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
  return { ordersCreated: 0, ordersRepeated: 0, paidSeen: new Map(), outcomes: {}, findings: [] };
}

/** Loops until the run ends. `tally` is shared by all clients. */
export async function runClient(client, { call, pace, tally, rampMs }) {
  const targets = [];
  let orderNumber = 0;
  await pace.think(0, rampMs); // clients arrive over the ramp-up, not all in the same second
  while (pace.running()) {
    try {
      if (chance(0.6)) await call("GET", "/packages", { cookie: client.cookie, raw: true, expect: [200] });
      await pace.think(2000, 5000);
      if (!pace.running()) break;
      const order = await createOrder(client, { call, tally, targets, orderNumber: orderNumber++ });
      await pace.think(2000, 4000); // filling in the payment form
      if (!pace.running()) break;
      const method = pickWeighted(paymentMix);
      const outcome = await pay(client, order, method, { call, pace, tally });
      count(tally.outcomes, `${method}: ${outcome}`);
      if (outcome === "success") tally.paidSeen.set(order.id, method);
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

const chargeCard = (call, client, order, card, pin) =>
  call("POST", "/api/payment/charge/card", {
    token: client.token,
    body: chargeBody(client, order, { card: { number: card.number, cvv: card.cvv, ...expiry() }, ...(pin ? { pin } : {}) }),
    expect: [200],
  }).then(({ body }) => body);

const chargeMobileMoney = (call, client, order, phone, provider) =>
  call("POST", "/api/payment/charge/mobile-money", { token: client.token, body: chargeBody(client, order, { mobile_money: { phone, provider } }), expect: [200] }).then(({ body }) => body);

const submitOtp = (call, client, reference, otp) => call("POST", "/api/payment/submit-otp", { token: client.token, body: { reference, otp }, expect: [200] }).then(({ body }) => body);

/** Pays (or not) with one instrument; answers the final `data.status` the client saw, or "abandoned". */
async function pay(client, order, method, { call, pace, tally }) {
  const expect = (step, answer, wanted) => {
    // A client still waiting for its phone when the run ends walks away: not the app's doing.
    if (answer.data?.status === "abandoned" && !pace.running()) return "abandoned";
    if (answer.data?.status !== wanted) tally.findings.push(`client ${client.index}, order ${order.id}, ${method} ${step}: expected ${wanted}, got ${JSON.stringify(answer).slice(0, 200)}`);
    return answer.data?.status;
  };
  switch (method) {
    case "card":
      return expect("charge", await chargeCard(call, client, order, goodCard), "success");
    case "pinCard": {
      expect("charge", await chargeCard(call, client, order, pinCard), "send_pin");
      await pace.think(2000, 5000);
      return expect("pin", await chargeCard(call, client, order, pinCard, pinCard.pin), "success");
    }
    case "pinOtpCard": {
      expect("charge", await chargeCard(call, client, order, pinOtpCard), "send_pin");
      await pace.think(2000, 4000);
      const afterPin = await chargeCard(call, client, order, pinOtpCard, pinOtpCard.pin);
      expect("pin", afterPin, "send_otp");
      await pace.think(3000, 8000); // waiting for the SMS
      return expect("otp", await submitOtp(call, client, afterPin.data.reference, pinOtpCard.otp), "success");
    }
    case "declinedThenRetry": {
      expect("charge", await chargeCard(call, client, order, declinedCard), "failed");
      if (chance(0.5)) return "failed";
      await pace.think(3000, 6000);
      return expect("retry", await chargeCard(call, client, order, goodCard), "success");
    }
    case "insufficientFunds":
      return expect("charge", await chargeCard(call, client, order, poorCard), "failed");
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
      // Two charges of the same order at once: the client must pay once; a second success is refunded.
      const answers = await Promise.allSettled([chargeCard(call, client, order, goodCard), chargeCard(call, client, order, goodCard)]);
      const statuses = answers.map((answer) => (answer.status === "fulfilled" ? answer.value.data?.status : answer.reason instanceof HttpError && answer.reason.status === 409 ? "already_paid" : "error"));
      if (!statuses.includes("success") || statuses.includes("error")) {
        tally.findings.push(`client ${client.index}, order ${order.id}, double click: answers ${statuses.join(", ")}; ${answers.map((answer) => answer.reason?.message ?? "").join(" ")}`);
      }
      return statuses.includes("success") ? "success" : "failed";
    }
    case "abandonAtPin":
      expect("charge", await chargeCard(call, client, order, pinCard), "send_pin");
      return "abandoned";
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

function count(record, key) {
  record[key] = (record[key] ?? 0) + 1;
}
