import { describe, expect, it } from "vitest";
import { supportContact } from "./contact-details";
import { buildSupportLinks, describeContext, readOrderContext } from "./support-links";

const contact = { email: "help@example.com", whatsappNumber: "+233 20 123 4567", phoneNumber: "+233 (20) 123-4567" };
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

describe("buildSupportLinks", () => {
  const context = { pageUrl, packageName: "1000 Followers", platform: "Instagram", amount: "GHS 1,525.50" };

  it("prefills the e-mail's subject and body with the package, platform, amount and page address", () => {
    const { email } = buildSupportLinks(context, contact);
    expect(email.startsWith("mailto:help@example.com?subject=")).toBe(true);
    const params = query(email);
    expect(params.get("subject")).toBe("Support request: 1000 Followers (Instagram)");
    const body = params.get("body") ?? "";
    expect(body).toContain("\r\nPackage: 1000 Followers\r\nPlatform: Instagram\r\nAmount: GHS 1,525.50\r\n");
    expect(body.endsWith(`Page: ${pageUrl}`)).toBe(true);
  });

  it("percent-encodes every value: spaces as %20 (never +), line breaks, & and ? of the page address", () => {
    const { email, whatsapp } = buildSupportLinks(context, contact);
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
    const { whatsapp } = buildSupportLinks(context, contact);
    expect(whatsapp.startsWith("https://wa.me/233201234567?text=")).toBe(true);
    expect(new URL(whatsapp).searchParams.get("text")).toBe(
      ["Hello Social Media Boost support,", "", "I need help with:", "", "", ...describeContext(context)].join("\n"),
    );
  });

  it("dials the phone number without spaces or punctuation", () => {
    expect(buildSupportLinks(context, contact).phone).toBe("tel:+233201234567");
  });

  it("mentions only the page address when the page was not opened from an order", () => {
    const { email, whatsapp } = buildSupportLinks({ pageUrl: "https://boost.example/support" }, contact);
    expect(query(email).get("subject")).toBe("Support request");
    const text = new URL(whatsapp).searchParams.get("text") ?? "";
    expect(text).toContain("Page: https://boost.example/support");
    expect(text).not.toMatch(/Package|Platform|Amount/);
  });

  it("uses the support team's details by default", () => {
    const links = buildSupportLinks({ pageUrl: "https://boost.example/support" });
    expect(links.email.startsWith(`mailto:${supportContact.email}?`)).toBe(true);
    expect(links.whatsapp.startsWith(`https://wa.me/${supportContact.whatsappNumber}?`)).toBe(true);
    expect(links.phone).toBe(`tel:${supportContact.phoneNumber}`);
  });
});
