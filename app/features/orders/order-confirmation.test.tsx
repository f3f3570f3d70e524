import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { OrderConfirmationPage, type OrderConfirmationPageProps } from "./order-confirmation";
import type { OrderConfirmation } from "./orders.server";

/*
 * The confirmation page's banner must tell the truth about the payment. Browser tests cannot make a
 * paid order yet (payments arrive with their own issue), so the paid and refunded states are
 * rendered here from the props the route's loader passes.
 */

const unpaidOrder: OrderConfirmation = {
  id: 42,
  package: { id: "custom-youtube", name: "1,000 Subscribers", platform: "youtube" },
  username: "@ama.grows",
  quantity: 1000,
  deliveredQuantity: 0,
  targetUrl: "https://www.youtube.com/@ama.grows",
  amount: 2034,
  price: 2000,
  fee: 34,
  currency: "GHS",
  status: "pending",
  paymentStatus: "unpaid",
  refundRequested: false,
  expiredAt: null,
  expiresAt: "2026-03-06T14:03:00.000Z",
  latePayment: null,
  createdAt: "2026-03-05T14:03:00.000Z",
};

function render(order: OrderConfirmation, overrides: Partial<OrderConfirmationPageProps> = {}): string {
  const props: OrderConfirmationPageProps = {
    order,
    reference: `SMB-${order.id}-2026`,
    orderDate: "5 March 2026 at 14:03 GMT",
    deliveryTime: "48-72 Hours",
    cancellation: null,
    isAskingToCancel: false,
    expiry: { expiresAt: "6 March 2026 at 14:03 GMT", expiredAt: null, period: "24 hours", newCheckoutHref: "/packages?platform=youtube&quantity=1000" },
    pageUrl: `https://boost.example/order-success?orderId=${order.id}`,
    cancelError: null,
    ...overrides,
  };
  const Stub = createRoutesStub([{ path: "/order-success", Component: () => <OrderConfirmationPage {...props} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={[`/order-success?orderId=${order.id}`]} />);
}

/** The text of the page's status banner. */
function bannerText(html: string): string {
  const match = /<div role="status"[^>]*>([\s\S]*?)<\/div><\/div>/.exec(html);
  return (match?.[1] ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

describe("OrderConfirmationPage", () => {
  it("shows 'Payment Successful!' for a paid order, with the amount received, and calls the printout a receipt", () => {
    const html = render({ ...unpaidOrder, status: "processing", paymentStatus: "paid" });
    expect(html).toContain("Order Confirmed!");
    expect(bannerText(html)).toBe("Payment Successful! We received your payment of ₵2,034.00.");
    expect(html).not.toContain("Awaiting payment");
    expect(html).not.toContain("/checkout?orderId=42");
    expect(html).toMatch(/>Receipt</);
    expect(html).toContain("Delivery within 48-72 hours");
  });

  it("never shows 'Payment Successful!' for an unpaid order: it asks for the payment instead", () => {
    const html = render(unpaidOrder);
    expect(html).not.toContain("Payment Successful!");
    expect(bannerText(html)).toContain("Awaiting payment");
    expect(html).toContain('href="/checkout?orderId=42"');
    expect(html).toMatch(/>Order summary</);
    expect(html).not.toMatch(/>Receipt</);
  });

  it("shows a cancelled paid order as cancelled with its refund requested", () => {
    const html = render({ ...unpaidOrder, status: "cancelled", paymentStatus: "paid", refundRequested: true });
    expect(html).toContain("Order Cancelled");
    expect(html).not.toContain("Order Confirmed!");
    expect(html).not.toContain("Payment Successful!");
    expect(bannerText(html)).toContain("Refund requested");
    expect(bannerText(html)).toContain("Your refund has been requested.");
    expect(html).not.toContain("What&#x27;s Next");
  });

  it("tells an unpaid order when it expires", () => {
    expect(bannerText(render(unpaidOrder))).toContain("Unpaid orders expire after 24 hours: please pay by 6 March 2026 at 14:03 GMT . After that you can start a new checkout.");
  });

  it("shows an expired order as expired, charged nothing, and leads to a new checkout of the same package", () => {
    const expired = { ...unpaidOrder, status: "cancelled" as const, expiredAt: "2026-03-06T14:04:00.000Z", expiresAt: null };
    const expiry = { expiresAt: null, expiredAt: "6 March 2026 at 14:04 GMT", period: "24 hours", newCheckoutHref: "/packages?platform=youtube&quantity=1000" };
    const html = render(expired, { expiry });
    expect(html).toContain("Order Expired");
    expect(html).not.toContain("Order Cancelled");
    expect(bannerText(html)).toBe(
      "Order expired This order was not paid within 24 hours, so it expired on 6 March 2026 at 14:04 GMT and can no longer be paid. Nothing was charged. To get this package, start a new checkout. Start a new checkout",
    );
    expect(html).toContain('href="/packages?platform=youtube&amp;quantity=1000"');
    expect(html).not.toContain("/checkout?orderId=42");
    expect(html).toMatch(/<dd[^>]*>Expired<\/dd>/);

    // A payment that arrived after the expiry goes back: the page must not say nothing was charged.
    const late = render({ ...expired, latePayment: "refund_requested" }, { expiry });
    expect(bannerText(late)).toMatch(/^Order expired · Refund requested Your payment of ₵2,034.00 arrived after this order had expired/);
    expect(late).not.toContain("Nothing was charged");
  });

  it("shows a refunded order as refunded", () => {
    const html = render({ ...unpaidOrder, status: "cancelled", paymentStatus: "refunded", refundRequested: true });
    expect(bannerText(html)).toMatch(/^Refunded /);
    expect(html).not.toContain("Payment Successful!");
  });

  it("offers cancelling a paid order until its window closes, with the refund, and shows a refused cancellation's reason", () => {
    const html = render(
      { ...unpaidOrder, status: "processing", paymentStatus: "paid" },
      { cancellation: { refundsPayment: true, until: "5 March 2026 at 15:03 GMT" }, cancelError: "Paid orders can only be cancelled within 1 hour of payment." },
    );
    expect(html).toContain("You can cancel this order until 5 March 2026 at 15:03 GMT");
    expect(html).toContain("Your payment of ₵2,034.00 will be refunded in full");
    expect(html).toMatch(/role="alert"[\s\S]*Paid orders can only be cancelled within 1 hour of payment\./);
    expect(render(unpaidOrder)).not.toContain("Changed your mind?");
  });

  it("asks before cancelling without JavaScript: 'Cancel order' only opens the question, whose 'Yes' is the one post that cancels", () => {
    const paid = { ...unpaidOrder, status: "processing", paymentStatus: "paid" } as const;
    const cancellation = { refundsPayment: true, until: "5 March 2026 at 15:03 GMT" };
    const offer = render(paid, { cancellation });
    // A GET form back to this page with ?confirm=cancel, scrolled to the question; nothing posted.
    expect(offer).toMatch(/<form [^>]*action="\/order-success#cancel-order" method="get"/);
    expect(offer).toContain('name="orderId" value="42"');
    expect(offer).toContain('name="confirm" value="cancel"');
    expect(offer).not.toContain('name="confirmed"');
    expect(offer).not.toContain("Yes, cancel and refund");

    const asking = render(paid, { cancellation, isAskingToCancel: true });
    expect(asking).toMatch(/role="group" aria-labelledby="[^"]+"[^>]*><h3 id="[^"]+"[^>]*>Cancel this order\?<\/h3><p[^>]*>Your payment of ₵2,034.00 will be refunded in full to the card or mobile money wallet you paid with\.<\/p>/);
    expect(asking).toMatch(/<form [^>]*action="\/order-success\?orderId=42" method="post"/);
    expect(asking).toContain('name="confirmed" value="yes"');
    expect(asking).toContain("Yes, cancel and refund");
    expect(asking).toMatch(/<a[^>]*href="\/order-success\?orderId=42"[^>]*>Keep my order<\/a>/);

    expect(render(unpaidOrder, { cancellation: { refundsPayment: false, until: null }, isAskingToCancel: true })).toContain("Yes, cancel order");
  });

  it("says a paid order paid from the balance goes back to the balance, not to a card", () => {
    const html = render({ ...unpaidOrder, status: "processing", paymentStatus: "paid" }, { cancellation: { refundsPayment: true, until: "5 March 2026 at 15:03 GMT", toBalance: "₵2,000.00" }, isAskingToCancel: true });
    expect(html).toContain("Your payment of ₵2,000.00 goes back to your balance at once.");
    expect(html).not.toContain("card or mobile money wallet you paid with");
  });
});
