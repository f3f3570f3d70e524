import { describe, expect, it } from "vitest";
import { noSupportContacts, type SupportContacts } from "./contact-details";
import { describeContext, readOrderContext, type SupportChannel, supportChannelLinks, supportFormHref } from "./support-links";

const contacts: SupportContacts = {
  email: "help@example.com",
  whatsapp: { dial: "+233201234567", display: "+233 20 123 4567" },
  phone: { dial: "+233302550102", display: "+233 30 255 0102" },
};

/** The links by channel, for the tests' reading. */
function linksByChannel(context: Parameters<typeof supportChannelLinks>[0], configured = contacts) {
  const links = supportChannelLinks(context, configured);
  const hrefOf = (channel: SupportChannel) => links.find((link) => link.channel === channel)?.href ?? "";
  return { email: hrefOf("email"), whatsapp: hrefOf("whatsapp"), phone: hrefOf("phone") };
}
const pageUrl = "https://boost.example/support?package=1000%20Followers&platform=instagram&amount=GHS%201%2C525.50";

function query(url: string) {
  return new URL(url.replace(/^mailto:/, "mailto://")).searchParams;
}

describe("readOrderContext", () => {
  it("reads package, platform (with its display name) and amount from the query", () => {
    expect(readOrderContext(new URL(pageUrl).searchParams)).toEqual({ packageName: "1000 Followers", platform: "Instagram", amount: "GHS 1,525.50" });
  });

  it("leaves out what is missing or blank, and keeps an unknown platform as written", () => {
    expect(readOrderContext(new URLSearchParams("package=%20%20&platform=Snapchat"))).toEqual({ packageName: undefined, platform: "Snapchat", amount: undefined });
  });

  it("turns line breaks and control characters into single spaces and caps each value at 80 characters", () => {
    const context = readOrderContext(new URLSearchParams({ package: "100\r\nFollowers\u0000\u202e now", amount: "9".repeat(200) }));
    expect(context.packageName).toBe("100 Followers now");
    expect(context.amount).toHaveLength(80);
  });
});

describe("supportChannelLinks", () => {
  const context = { pageUrl, packageName: "1000 Followers", platform: "Instagram", amount: "GHS 1,525.50" };

  it("prefills the e-mail's subject and body with the package, platform, amount and page address", () => {
    const { email } = linksByChannel(context);
    expect(email.startsWith("mailto:help@example.com?subject=")).toBe(true);
    const params = query(email);
    expect(params.get("subject")).toBe("Support request: 1000 Followers (Instagram)");
    const body = params.get("body") ?? "";
    expect(body).toContain("\r\nPackage: 1000 Followers\r\nPlatform: Instagram\r\nAmount: GHS 1,525.50\r\n");
    expect(body.endsWith(`Page: ${pageUrl}`)).toBe(true);
  });

  it("percent-encodes every value: spaces as %20 (never +), line breaks, & and ? of the page address", () => {
    const { email, whatsapp } = linksByChannel(context);
    for (const link of [email, whatsapp]) {
      expect(link).not.toContain("+");
      expect(link).not.toContain(" ");
      expect(link.split("?").length).toBe(2); // the page address's own ? is encoded
      expect(link.split("&").length).toBeLessThanOrEqual(2); // so are its &s: only mailto's subject&body remain
    }
    expect(email).toContain("%0D%0A");
    expect(email).toContain(encodeURIComponent(pageUrl));
  });

  it("opens WhatsApp on the number's digits with the same details as text", () => {
    const { whatsapp } = linksByChannel(context);
    expect(whatsapp.startsWith("https://wa.me/233201234567?text=")).toBe(true);
    expect(new URL(whatsapp).searchParams.get("text")).toBe(
      ["Hello Social Media Boost support,", "", "I need help with:", "", "", ...describeContext(context)].join("\n"),
    );
  });

  it("dials the phone number in its compact form", () => {
    expect(linksByChannel(context).phone).toBe("tel:+233302550102");
  });

  it("mentions only the page address when the page was not opened from an order", () => {
    const { email, whatsapp } = linksByChannel({ pageUrl: "https://boost.example/support" });
    expect(query(email).get("subject")).toBe("Support request");
    const text = new URL(whatsapp).searchParams.get("text") ?? "";
    expect(text).toContain("Page: https://boost.example/support");
    expect(text).not.toMatch(/Package|Platform|Amount/);
  });

  it("lists the channels in SPEC's order, each with its address or number as people read it", () => {
    expect(supportChannelLinks(context, contacts).map(({ channel, value }) => [channel, value])).toEqual([
      ["email", "help@example.com"],
      ["whatsapp", "+233 20 123 4567"],
      ["phone", "+233 30 255 0102"],
    ]);
  });

  it("leaves out every channel that is not configured: nothing stands in for it", () => {
    expect(supportChannelLinks(context, { ...contacts, phone: null }).map((link) => link.channel)).toEqual(["email", "whatsapp"]);
    expect(supportChannelLinks(context, { ...contacts, email: null, whatsapp: null }).map((link) => link.channel)).toEqual(["phone"]);
    expect(supportChannelLinks(context, noSupportContacts)).toEqual([]);
  });
});

describe("supportFormHref", () => {
  it("opens the support form with the order's known details, which the form page reads back", () => {
    const href = supportFormHref({ packageName: "1000 Followers", platform: "Instagram", amount: "₵1,525.50" });
    expect(readOrderContext(new URL(href, "https://boost.example").searchParams)).toEqual({ packageName: "1000 Followers", platform: "Instagram", amount: "₵1,525.50" });
    expect(supportFormHref({ reference: "SMB-12-2026", amount: "₵10.17" })).toBe(`/support?reference=SMB-12-2026&amount=${encodeURIComponent("₵10.17")}`);
    expect(supportFormHref({})).toBe("/support");
  });
});
