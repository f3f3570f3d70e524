import { describe, expect, it } from "vitest";
import { formatOrderDateTime } from "~/lib/date-time";
import { deliveryProgress, deliveryTimeOf, orderReference, orderStatusLabel, paymentStateOf, platformLabel } from "./order-display";
import { profileHref } from "~/components/profile-link";

describe("order display", () => {
  it("labels statuses as SPEC §4 does and shows other values as they are", () => {
    expect(["pending", "processing", "completed", "cancelled"].map((status) => orderStatusLabel(status))).toEqual(["Pending", "In Progress", "Completed", "Cancelled"]);
    expect(orderStatusLabel("partial")).toBe("partial");
    expect(orderStatusLabel("constructor")).toBe("constructor");
  });

  it("calls an order paid only when it is paid", () => {
    const base = { status: "pending" as const, paymentStatus: "unpaid" as const, refundRequested: false };
    expect(paymentStateOf(base)).toBe("awaiting_payment");
    expect(paymentStateOf({ ...base, status: "cancelled" })).toBe("not_charged");
    expect(paymentStateOf({ ...base, status: "processing", paymentStatus: "paid" })).toBe("paid");
    expect(paymentStateOf({ ...base, status: "cancelled", paymentStatus: "paid", refundRequested: true })).toBe("refund_requested");
    expect(paymentStateOf({ ...base, status: "cancelled", paymentStatus: "refunded", refundRequested: true })).toBe("refunded");
  });

  it("calls an order the store cancelled for want of payment expired, and never 'nothing charged' when a late payment goes back", () => {
    const expired = { status: "cancelled" as const, paymentStatus: "unpaid" as const, refundRequested: false, expiredAt: "2026-11-25T10:00:00.000Z", latePayment: null };
    expect(orderStatusLabel(expired.status, expired.expiredAt)).toBe("Expired");
    expect(orderStatusLabel("cancelled", null)).toBe("Cancelled");
    expect(paymentStateOf(expired)).toBe("expired");
    expect(paymentStateOf({ ...expired, latePayment: "refund_requested" })).toBe("refund_requested");
    expect(paymentStateOf({ ...expired, latePayment: "refunded" })).toBe("refunded");
    expect(paymentStateOf({ ...expired, expiredAt: null, latePayment: "refund_requested" })).toBe("refund_requested");
  });

  it("writes the order reference as SMB-{orderId}-{year the order was placed, in Ghana}", () => {
    expect(orderReference(57, "2026-12-31T23:59:59.000Z")).toBe("SMB-57-2026");
    expect(orderReference(57, new Date("2027-01-01T00:00:00Z"))).toBe("SMB-57-2027");
  });

  it("counts delivery progress in whole percent, 100 only when all is delivered", () => {
    expect(deliveryProgress({ quantity: 100, deliveredQuantity: 0 })).toBe(0);
    expect(deliveryProgress({ quantity: 3, deliveredQuantity: 2 })).toBe(66);
    expect(deliveryProgress({ quantity: 1000, deliveredQuantity: 999 })).toBe(99);
    expect(deliveryProgress({ quantity: 100, deliveredQuantity: 120 })).toBe(100);
    expect(deliveryProgress({ quantity: 0, deliveredQuantity: 0 })).toBe(0);
  });

  it("links a profile only at an https address", () => {
    expect(profileHref("https://www.instagram.com/ama.gh")).toBe("https://www.instagram.com/ama.gh");
    expect(profileHref("http://www.instagram.com/ama.gh")).toBeNull();
    expect(profileHref("javascript:alert(1)")).toBeNull();
    expect(profileHref("instagram.com/ama.gh")).toBeNull();
  });

  it("dates orders in Ghana's time", () => {
    expect(formatOrderDateTime("2026-03-05T14:03:00.000Z")).toBe("5 March 2026 at 14:03 GMT");
  });

  it("promises the service's delivery time, and labels every platform sold", () => {
    expect(deliveryTimeOf({ deliveryTime: "48-72 Hours" })).toBe("48-72 Hours");
    // A service no longer in the catalogue: the usual promise.
    expect(deliveryTimeOf(undefined)).toBe("24-48 Hours");
    expect(platformLabel("tiktok")).toBe("TikTok");
    expect(platformLabel("facebook")).toBe("Facebook");
    expect(platformLabel("twitter")).toBe("X");
    expect(platformLabel("myspace")).toBe("myspace");
  });
});
