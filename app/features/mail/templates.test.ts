import { describe, expect, it } from "vitest";
import { escapeHtml, greetingNameOf } from "./mail-layout";
import * as templates from "./templates";

/* Every e-mail carries its facts in both bodies, and what people typed is escaped in the HTML. */
const hostile = `<script>alert("x")</script> & 'Ama'`;

describe("e-mail templates", () => {
  it("escapes what people typed in the HTML and keeps it as typed in the text", () => {
    const mail = templates.ticketAnsweredMail({ name: hostile, ticketId: 7, subject: hostile, reply: hostile, supportUrl: "https://smb.example/support" });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Ama&#39;");
    expect(mail.text).toContain(hostile);
    expect(escapeHtml(`a"b'c<d>&`)).toBe("a&quot;b&#39;c&lt;d&gt;&amp;");
    expect(templates.ticketAnsweredMail({ name: "Ama", ticketId: 7, subject: "Help\r\nBcc: someone@example.com", reply: null, supportUrl: "https://smb.example/support" }).subject).toBe("Re: Help Bcc: someone@example.com (ticket #7)");
  });

  it("puts the action's link in both bodies (button and written out)", () => {
    const link = "https://smb.example/auth/reset/abc_DEF-123";
    const mail = templates.passwordResetMail({ link, validMinutes: 60 });
    expect(mail.subject).toBe("Reset your Social Media Boost password");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("60 minutes");
    expect(mail.html.match(new RegExp(link, "g"))).toHaveLength(3); // the button, the written address and its href
  });

  it("gives a receipt with the order's reference and amounts", () => {
    const mail = templates.paymentReceivedMail({
      name: "Ama",
      reference: "SMB-12-2026",
      packageName: "Instagram 1,000 followers",
      priceMinor: 15000,
      feeMinor: 255,
      totalMinor: 15255,
      paidAt: new Date("2026-11-25T14:05:00Z"),
      orderUrl: "https://smb.example/orders/12",
    });
    expect(mail.subject).toBe("Payment received — SMB-12-2026");
    for (const fact of ["SMB-12-2026", "₵150.00", "₵2.55", "₵152.55", "25 Nov 2026, 14:05 GMT", "https://smb.example/orders/12"]) {
      expect(mail.text).toContain(fact);
      expect(mail.html).toContain(fact);
    }
  });

  it("says who cancelled and whether money comes back", () => {
    const base = { name: "Ama", reference: "SMB-3-2026", packageName: "TikTok 500 followers", orderUrl: "https://smb.example/orders/3", expiryHours: 24 };
    expect(templates.orderCancelledMail({ ...base, cancelledBy: "client", refundMinor: 7650 }).text).toMatch(/You cancelled[\s\S]*refund of ₵76\.50/);
    expect(templates.orderCancelledMail({ ...base, cancelledBy: "expiry", refundMinor: null }).text).toMatch(/not paid within 24 hours[\s\S]*Nothing was charged/);
    expect(templates.orderCancelledMail({ ...base, cancelledBy: "expiry", refundMinor: null }).text).not.toContain("refund");
  });

  it("tells a worker how a withdrawal ended", () => {
    expect(templates.payoutSentMail({ name: "Kofi", payoutId: 4, amountMinor: 2500, destination: "MTN 024 *** 4567" }).text).toContain("₵25.00 was sent to your mobile money wallet (MTN 024 *** 4567)");
    const failed = templates.payoutFailedMail({ name: "Kofi", payoutId: 4, amountMinor: 2500, reason: "Invalid wallet", payoutsUrl: "https://smb.example/payouts" });
    expect(failed.text).toContain("not sent: Invalid wallet");
    expect(failed.text).toContain("back in your available balance");
  });

  it("greets by name only a confirmed address, and mail about access greets nobody by name (issue #49)", () => {
    expect(greetingNameOf({ fullName: "Ama", emailVerifiedAt: null })).toBeUndefined();
    expect(greetingNameOf({ fullName: "Ama", emailVerifiedAt: new Date() })).toBe("Ama");
    const base = { reference: "SMB-3-2026", packageName: "TikTok 500 followers", orderUrl: "https://smb.example/orders/3", expiryHours: 24, cancelledBy: "client" as const, refundMinor: null };
    expect(templates.orderCancelledMail({ ...base, name: "Ama" }).text).toMatch(/^Hello Ama,/);
    expect(templates.orderCancelledMail(base).text).toMatch(/^Hello,/);
    expect(templates.orderCancelledMail(base).html).toContain(">Hello,</p>");
    const access = [
      templates.emailVerificationMail({ link: "https://smb.example/auth/verify/x", validHours: 24, isChange: false }),
      templates.passwordResetMail({ link: "https://smb.example/auth/reset/x", validMinutes: 60 }),
      templates.passwordChangedMail({ supportUrl: "https://smb.example/support" }),
      templates.emailChangedMail({ newEmail: "new@example.com", supportUrl: "https://smb.example/support" }),
      templates.apiKeyCreatedMail({ keyName: "Panel", prefix: "smb_AbCd", createdAt: new Date("2026-11-29T10:00:00Z"), profileUrl: "https://smb.example/profile", supportUrl: "https://smb.example/support" }),
    ];
    for (const mail of access) expect(mail.text, mail.subject).toMatch(/^Hello,\n/);
  });
});
