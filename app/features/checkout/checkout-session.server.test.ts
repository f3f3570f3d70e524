import { describe, expect, it } from "vitest";
import type { CatalogService } from "~/features/catalog/catalog";
import type { CheckoutSelection } from "./checkout-draft";
import { commitServerDraft, draftTooLargeMessage, readServerSelection } from "./checkout-session.server";

/** The seeded services a draft names (prisma/migrations/20261129120100_services). */
const base = { number: 1, description: "", workerRewardMinor: 8, refillDays: 0, dripFeed: true, cancel: true, deliveryTime: "24-48 Hours", active: true, position: 1 };
const tiktokLikes: CatalogService = { ...base, id: "tiktok-likes", platform: "tiktok", kind: "likes", target: "post", name: "TikTok Likes", unitPriceMinor: 25, minQuantity: 20, maxQuantity: 50_000 };
const tiktokComments: CatalogService = { ...tiktokLikes, id: "tiktok-comments", kind: "comments", name: "TikTok Comments", unitPriceMinor: 100, minQuantity: 5, maxQuantity: 1000 };
const instagramFollowers: CatalogService = { ...base, id: "custom-instagram", platform: "instagram", kind: "followers", target: "profile", name: "Instagram Followers", unitPriceMinor: 150, minQuantity: 50, maxQuantity: 100_000 };
const services = [tiktokLikes, tiktokComments, instagramFollowers];
const findService = (id: string) => services.find((service) => service.id === id);

const videoLink = "https://www.tiktok.com/@ama.grows/video/7412345678901234567";

function selection(fields: Partial<CheckoutSelection>): CheckoutSelection {
  return { serviceId: "tiktok-likes", platform: "tiktok", quantity: 100, username: "", postUrl: videoLink, comments: [], screenshot: null, checkoutKey: "k1", ...fields };
}

/** The request a browser sends back with the cookie a Set-Cookie value gave it. */
const requestWith = (setCookie: string) => new Request("http://store.test/checkout", { headers: { Cookie: setCookie.split(";")[0] } });

describe("the checkout draft the server keeps (no JavaScript)", () => {
  it("keeps a post service's link and comments, and a profile service's username and upload", async () => {
    const likes = selection({});
    expect(await readServerSelection(requestWith(await commitServerDraft(likes)), findService)).toEqual({ selection: likes, service: tiktokLikes });

    const comments = selection({ serviceId: "tiktok-comments", quantity: 5, comments: ["one", "two 🔥", "three", "four", "five"] });
    expect((await readServerSelection(requestWith(await commitServerDraft(comments)), findService))?.selection).toEqual(comments);

    const followers = selection({
      serviceId: "custom-instagram",
      platform: "instagram",
      username: "@ama.grows",
      postUrl: null,
      screenshot: { kind: "upload", uploadId: "0f8fad5b-d9cb-469f-a165-70867728950e" },
    });
    expect((await readServerSelection(requestWith(await commitServerDraft(followers)), findService))?.selection).toEqual(followers);
  });

  it("drops a draft whose service is no longer on sale", async () => {
    const cookie = await commitServerDraft(selection({}));
    expect(await readServerSelection(requestWith(cookie), (id) => (id === "tiktok-likes" ? { ...tiktokLikes, active: false } : undefined))).toBeNull();
    expect(await readServerSelection(requestWith(cookie), () => undefined)).toBeNull();
  });

  it("says so when comments are too long for a cookie", async () => {
    const long = Array.from({ length: 30 }, (_, index) => `Comment number ${index + 1}: ${"a".repeat(250)}`);
    await expect(commitServerDraft(selection({ serviceId: "tiktok-comments", quantity: 30, comments: long }))).rejects.toMatchObject({ status: 413, message: draftTooLargeMessage });
  });
});
