// The payment caps (app/features/payments/charge-limits.server.ts, variables in app/lib/env.server.ts),
// lifted for the payment benches (bench/checkout.js, bench/completions.js). Their defaults are low and
// right for real payers (10 charge attempts per order, 20 per client account, 200 per address, 5
// mobile-money prompts per phone, 30 unpaid orders per client, per hour); a bench client pays an order every fraction of a second
// from 127.0.0.1, so the caps would answer 429 and the bench would measure them, not the server.
// load/run.js sets the same variables in its own settings.
export const liftedPaymentCaps = () => ({
  CHARGE_ATTEMPTS_PER_ORDER_PER_HOUR: "100000",
  CHARGE_ATTEMPTS_PER_CLIENT_PER_HOUR: "100000",
  CHARGE_ATTEMPTS_PER_IP_PER_HOUR: "100000",
  MOMO_PROMPTS_PER_PHONE_PER_HOUR: "100000",
  ORDERS_PER_CLIENT_PER_HOUR: "100000",
});
