import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/lib/database/db.server";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { createService, getCatalogue, listServicesForAdmin, moveService, serviceOnSale, updateService } from "./services.server";

const database = serviceDatabase();

/** Until the process listens for changes to the catalogue (it starts with the first read). */
async function untilWatching() {
  await getCatalogue();
  await expect.poll(() => getDatabase().serviceChanges.isWatching, { timeout: 10_000 }).toBe(true);
}

async function unannounced(work: () => Promise<unknown>) {
  await database.sql().exec('ALTER TABLE "services" DISABLE TRIGGER "services_changed"');
  try {
    await work();
  } finally {
    await database.sql().exec('ALTER TABLE "services" ENABLE TRIGGER "services_changed"');
  }
}

const priceOf = async (id: string) => (await getCatalogue()).find(id)?.unitPriceMinor;

describe("the catalogue a process keeps", () => {
  it("holds SPEC's three services with SPEC §9's prices, and the seeded catalogue on every platform", async () => {
    const catalogue = await getCatalogue();
    expect(["custom-instagram", "custom-tiktok", "custom-youtube"].map((id) => catalogue.find(id)?.unitPriceMinor)).toEqual([150, 150, 200]);
    expect(catalogue.findByNumber(3)?.id).toBe("custom-youtube");
    expect(catalogue.platformsOnSale).toEqual(["instagram", "tiktok", "youtube", "twitter", "facebook"]);
    expect(catalogue.activeOn("tiktok").map((service) => service.kind)).toEqual(["followers", "likes", "views", "comments"]);
  });

  it("is read once and kept: a change nobody announces is not seen (this is what the trigger is for)", async () => {
    await untilWatching();
    await priceOf("x-likes");
    await unannounced(() => database.sql().query("UPDATE services SET unit_price_minor = 30 WHERE id = 'x-likes'"));
    expect(await priceOf("x-likes")).toBe(25);
  });

  it("hears a change made by another connection (as another process would make it)", async () => {
    await untilWatching();
    await priceOf("facebook-likes");
    await database.sql().query("UPDATE services SET unit_price_minor = 27 WHERE id = 'facebook-likes'");
    await expect.poll(() => priceOf("facebook-likes"), { timeout: 5_000 }).toBe(27);
  });

  it("sees this process's own changes at once, and an admin's create, edit, disable and move", async () => {
    await untilWatching();
    const admin = await createTestUser(database.prisma(), "admin");
    const created = await createService(admin, {
      platform: "tiktok",
      kind: "likes",
      target: "post",
      name: "TikTok Likes",
      unitPrice: 20,
      workerReward: 6,
      min: 10,
      max: 5000,
    });
    expect(created).toMatchObject({ id: "tiktok-likes-2", platform: "tiktok", unitPrice: "0.20", workerReward: "0.06", active: true, refillDays: 0 });
    expect((await serviceOnSale("tiktok-likes-2")).minQuantity).toBe(10);

    await updateService(admin, "tiktok-likes-2", { unitPrice: 22 });
    expect(await priceOf("tiktok-likes-2")).toBe(22);
    await expect(updateService(admin, "tiktok-likes-2", { workerReward: 22 })).rejects.toThrow("Invalid workerReward: Worker reward must be below the unit price");
    await expect(updateService(admin, "nothing-here", { active: false })).rejects.toThrow("Service not found");

    await updateService(admin, "tiktok-likes-2", { active: false });
    await expect(serviceOnSale("tiktok-likes-2")).rejects.toThrow("TikTok Likes is not on sale at the moment.");

    const tiktokOrder = async () => (await listServicesForAdmin(admin)).filter((service) => service.platform === "tiktok").map((service) => service.id);
    const before = await tiktokOrder();
    await moveService(admin, "tiktok-likes-2", "up");
    const after = await tiktokOrder();
    expect(after.indexOf("tiktok-likes-2")).toBe(before.indexOf("tiktok-likes-2") - 1);

    const audit = await database.prisma().adminAuditLog.findMany({ where: { targetType: "service", targetId: "tiktok-likes-2" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(["service.create", "service.update", "service.update", "service.move"]);
    expect(audit[1].details).toMatchObject({ before: { unitPrice: "0.20" }, after: { unitPrice: "0.22" } });
  });

  it("refuses anyone but an admin", async () => {
    const client = await createTestUser(database.prisma(), "client");
    await expect(listServicesForAdmin(client)).rejects.toThrow();
    await expect(updateService(client, "custom-instagram", { unitPrice: 1 })).rejects.toThrow();
  });
});
