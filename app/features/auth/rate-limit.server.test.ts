import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/lib/database/db.server";
import { createTestDatabase } from "~/test/test-database";
import { countRecentEvents, deleteExpiredEvents, recordEvent } from "./rate-limit.server";

describe("rate-limit events", () => {
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const testDatabase = await createTestDatabase();
    setDatabase(testDatabase.database);
    dispose = testDatabase.dispose;
  });
  afterAll(async () => {
    setDatabase(undefined);
    await dispose?.();
  });

  it("counts events of one bucket and key inside the window", async () => {
    await recordEvent("login-failure:email", "ama@example.com");
    await recordEvent("login-failure:email", "ama@example.com");
    await recordEvent("login-failure:email", "kofi@example.com");
    expect(await countRecentEvents("login-failure:email", "ama@example.com", 60_000)).toBe(2);
  });

  it("deletes events older than 24 hours and keeps newer ones", async () => {
    const dayAndAMinuteLater = Date.now() + 24 * 60 * 60 * 1000 + 60_000;
    expect(await deleteExpiredEvents(Date.now())).toBe(0);
    expect(await deleteExpiredEvents(dayAndAMinuteLater)).toBe(3);
    expect(await countRecentEvents("login-failure:email", "ama@example.com", 60_000)).toBe(0);
  });
});
