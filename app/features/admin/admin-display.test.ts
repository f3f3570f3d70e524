import { describe, expect, it } from "vitest";
import { auditActionLabel, kindLabel, mobileMoneyProviderLabel, platformLabel, platformList } from "./admin-display";

/* The admin console's words for stored codes: what people call a platform, a network, a kind, an action. */
describe("the admin console's labels", () => {
  it("names platforms as people do, X whether stored as SPEC's twitter or sent as the services API's x", () => {
    expect(["instagram", "tiktok", "youtube", "twitter", "x", "facebook"].map(platformLabel)).toEqual(["Instagram", "TikTok", "YouTube", "X", "X", "Facebook"]);
    expect(platformList(["tiktok", "twitter"])).toBe("TikTok, X");
    // A value no catalogue has still reads as a word, not as a code.
    expect(platformLabel("snap_chat")).toBe("Snap chat");
  });

  it("names mobile-money networks by their names today, not SPEC's codes", () => {
    expect(["mtn", "vod", "tgo"].map(mobileMoneyProviderLabel)).toEqual(["MTN Mobile Money", "Telecel Cash", "AT Money"]);
  });

  it("names a task's kind", () => {
    expect(["followers", "subscribers", "likes", "views", "comments"].map(kindLabel)).toEqual(["Followers", "Subscribers", "Likes", "Views", "Comments"]);
  });

  it("says what an audited action did, and words an action it does not know", () => {
    expect(auditActionLabel("order.cancel_refund")).toBe("Order cancelled with a refund");
    expect(auditActionLabel("delivery.uphold")).toBe("Flag upheld: the delivery is dropped");
    expect(auditActionLabel("refill.reopen")).toBe("Refill reopen");
  });
});
