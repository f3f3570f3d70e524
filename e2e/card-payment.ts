import { type APIRequestContext, expect } from "@playwright/test";

/**
 * Pays an order by card as a payer does with Paystack's hosted checkout, over HTTP alone (for tests
 * that need a paid order, not the payment pages): POST /api/payment/charge/card answers the
 * checkout page's address; the card goes to the sandbox's copy of that page; its redirect back to
 * the store's payment status page is followed, which verifies and credits the payment.
 */
export const successCard = { number: "4084084084084081", cvv: "408" } as const;

export async function payByCard(request: APIRequestContext, payer: { email: string }, order: { id: number; amount: number }, card = successCard): Promise<string> {
  const started = await request.post("/api/payment/charge/card", {
    data: { email: payer.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS" },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { data } = (await started.json()) as { data: { status: string; url: string; reference: string } };
  expect(data.status).toBe("open_url");
  const entered = await request.post(data.url, {
    form: { step: "card", number: card.number, cvv: card.cvv, expiry_month: "12", expiry_year: String(new Date().getUTCFullYear() + 1) },
    maxRedirects: 0,
  });
  expect(entered.status()).toBe(303);
  const returned = await request.get(entered.headers().location);
  expect(returned.status()).toBe(200);
  const verified = await request.get(`/api/payment/verify/${data.reference}`);
  expect(((await verified.json()) as { data: { status: string } }).data.status).toBe("success");
  return data.reference;
}
