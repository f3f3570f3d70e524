import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { createTestUser, paystackSandbox, serviceDatabase } from "~/test/service-test";
import { handlePaymentForm, type PaymentIntent } from "./checkout-payment-action.server";

/*
 * The checkout's payment forms without JavaScript, refused: the answer is the payment step again with
 * the reason and the form as it was sent — less the card number and CVV, which never come back in a
 * page. Through the payment service and the Paystack sandbox's declining instruments, with cards
 * entered on the store's page (PAYSTACK_CARD_MODE=direct, read when the form is handled).
 */
process.env.PAYSTACK_CARD_MODE = "direct";

const { prisma } = serviceDatabase();
paystackSandbox();

/** Its own address, so the per-address charge limit of other test files is not shared. */
const clientAddress = "10.16.0.1";
const nextYear = String(new Date().getFullYear() + 1);

/** A client and an order of 100 Instagram followers: ₵150.00 + ₵2.55 fee = 15255 pesewas. */
async function clientWithOrder() {
  const client = await createTestUser(prisma(), "client");
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "ama.gh", accountScreenshot: null }));
  return { client, order };
}

/** One document post to /checkout?orderId=; what the action answered (its data and status). */
async function post(client: PublicUser, order: Awaited<ReturnType<typeof clientWithOrder>>["order"], intent: PaymentIntent, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent, email: client.email, amount: "15255", orderId: String(order.id), currency: "GHS", ...fields })) form.set(name, value);
  const request = new Request(`http://store.test/checkout?orderId=${order.id}`, { method: "POST" });
  return handlePaymentForm(request, client, order, form, intent, clientAddress);
}

describe("a refused payment posted without JavaScript", () => {
  it("a declined card answers the payment step with the bank's reason and the expiry, never the card number or CVV", async () => {
    const { client, order } = await clientWithOrder();
    const answer = await post(client, order, "card", { "card.number": "4084 0800 0000 5408", "card.cvv": "001", "card.expiry_month": "11", "card.expiry_year": nextYear });

    expect(answer).toMatchObject({
      init: { status: 200 },
      data: {
        intent: "card",
        notice: { title: "Payment Failed", description: "Declined", variant: "destructive" },
        endsStep: true,
        submission: { initialValue: { email: client.email, card: { expiry_month: "11", expiry_year: nextYear } } },
      },
    });
    const page = JSON.stringify(answer.data);
    expect(page).not.toContain("5408");
    expect(page).not.toContain('"001"');
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ paymentStatus: "unpaid" });
  });

  it("a refused wallet answers with the provider's reason and keeps the number and the network", async () => {
    const { client, order } = await clientWithOrder();
    const answer = await post(client, order, "mobile", { "mobile_money.phone": "024 123 4567", "mobile_money.provider": "mtn" });

    expect(answer).toMatchObject({
      init: { status: 200 },
      data: {
        intent: "mobile",
        notice: { title: "Payment Failed", description: "Transaction declined. Please use a test mobile money number.", variant: "destructive" },
        submission: { initialValue: { mobile_money: { phone: "024 123 4567", provider: "mtn" } } },
      },
    });
  });

  it("a payment the service refuses (another prompt still open) keeps the wallet form too", async () => {
    const { client, order } = await clientWithOrder();
    // The approving test wallet: its prompt stays open for a while (pay_offline), so a second one is refused.
    const first = post(client, order, "mobile", { "mobile_money.phone": "0551234987", "mobile_money.provider": "mtn" });
    await expect(first).rejects.toMatchObject({ status: 303 }); // to the payment status page
    const answer = await post(client, order, "mobile", { "mobile_money.phone": "0261234987", "mobile_money.provider": "tgo" });

    expect(answer).toMatchObject({
      init: { status: 409 },
      data: { notice: { title: "Payment Failed", variant: "destructive" }, submission: { initialValue: { mobile_money: { phone: "0261234987", provider: "tgo" } } } },
    });
  });
});
