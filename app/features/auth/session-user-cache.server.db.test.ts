import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/lib/database/db.server";
import { ChangeFeed } from "~/lib/database/table-changes.server";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { suspendUser } from "~/features/admin/users.server";
import { changeName } from "./account-settings.server";
import { findUserByToken, revokeTokens, signedIn } from "./accounts.server";
import { SessionUserCache, sessionUserCacheOf } from "./session-user-cache.server";

const database = serviceDatabase();

/** A user and a sign-in token of theirs. */
async function signedInUser() {
  const user = await createTestUser(database.prisma(), "client");
  const row = await database.prisma().user.findUniqueOrThrow({ where: { id: user.id } });
  return { id: user.id, token: (await signedIn(row)).token };
}

/** Until the process listens for changes to users (it starts with the first lookup). */
async function untilWatching() {
  sessionUserCacheOf();
  await expect.poll(() => getDatabase().userChanges.isWatching, { timeout: 10_000 }).toBe(true);
}

/** Runs `work` with the change notifications of `users` switched off, so a change goes unheard. */
async function unannounced(work: () => Promise<unknown>) {
  await database.sql().exec('ALTER TABLE "users" DISABLE TRIGGER "users_row_changed"');
  try {
    await work();
  } finally {
    await database.sql().exec('ALTER TABLE "users" ENABLE TRIGGER "users_row_changed"');
  }
}

const rename = (id: number, fullName: string) => database.sql().query("UPDATE users SET full_name = $1 WHERE id = $2::int", [fullName, id]);

describe("the signed-in users a process keeps", () => {
  it("are read once and kept: a change nobody announces is not seen (this is what the trigger is for)", async () => {
    await untilWatching();
    const { id, token } = await signedInUser();
    expect((await findUserByToken(token))?.fullName).toBe("Ama Tester");
    await unannounced(() => rename(id, "Unheard Name"));
    expect((await findUserByToken(token))?.fullName).toBe("Ama Tester");
    await revokeTokens(id);
    expect(await findUserByToken(token)).toBeNull();
  });

  it("hear a change made by another connection (as another process would make it) through the trigger's notification", async () => {
    await untilWatching();
    const { id, token } = await signedInUser();
    expect((await findUserByToken(token))?.status).toBe("active");
    await database.sql().query("UPDATE users SET status = 'suspended' WHERE id = $1::int", [id]);
    await expect.poll(() => findUserByToken(token), { timeout: 5_000 }).toBeNull();
    await database.sql().query("UPDATE users SET status = 'active', full_name = 'Back Again' WHERE id = $1::int", [id]);
    await expect.poll(async () => (await findUserByToken(token))?.fullName, { timeout: 5_000 }).toBe("Back Again");
  });

  it("forget a user at once when this process's services change it: the very next request sees it, notification or not", async () => {
    await untilWatching();
    const admin = await createTestUser(database.prisma(), "admin");
    const { id, token } = await signedInUser();
    expect(await findUserByToken(token)).not.toBeNull();
    // The trigger is off: only the services' own announcements can make these show.
    await unannounced(async () => {
      await changeName({ ...(await findUserByToken(token))!, id }, "New Name");
      expect((await findUserByToken(token))?.fullName).toBe("New Name");
      await suspendUser(admin, id, { reason: "test" });
      expect(await findUserByToken(token)).toBeNull();
    });

    const other = await signedInUser();
    expect(await findUserByToken(other.token)).not.toBeNull();
    await unannounced(() => revokeTokens(other.id));
    expect(await findUserByToken(other.token)).toBeNull();
  });

  it("forget every user on a TRUNCATE of the table (this file's database: the last test)", async () => {
    await untilWatching();
    const { id, token } = await signedInUser();
    expect(await findUserByToken(token)).not.toBeNull();
    await unannounced(() => rename(id, "Unheard Name"));
    expect((await findUserByToken(token))?.fullName).toBe("Ama Tester");
    const heard: unknown[] = [];
    getDatabase().userChanges.watch({ changed: (change) => heard.push(change), watching() {} });
    await database.sql().exec('TRUNCATE "users" CASCADE');
    await expect.poll(() => heard, { timeout: 5_000 }).toContain("all");
    expect(await findUserByToken(token)).toBeNull();
  });
});

describe("SessionUserCache", () => {
  const feedOf = () => {
    const feed = new ChangeFeed(async () => async () => {});
    return feed;
  };

  it("keeps nothing while it is not listening, and forgets everything when listening stops", async () => {
    const feed = feedOf();
    const cache = new SessionUserCache<string>({ userChanges: feed });
    let loads = 0;
    const load = async () => `user ${++loads}`;
    expect(await cache.find(1, load)).toBe("user 1");
    expect(await cache.find(1, load)).toBe("user 2");
    feed.setWatching(true);
    expect(await cache.find(1, load)).toBe("user 3");
    expect(await cache.find(1, load)).toBe("user 3");
    feed.setWatching(false);
    expect(await cache.find(1, load)).toBe("user 4");
    feed.setWatching(true);
    expect(await cache.find(1, load)).toBe("user 5");
    expect(await cache.find(1, load)).toBe("user 5");
  });

  it("does not keep what a lookup read while a change came in: the row may be the one before it", async () => {
    const feed = feedOf();
    feed.setWatching(true);
    const cache = new SessionUserCache<string>({ userChanges: feed });
    let loads = 0;
    const raced = cache.find(7, async () => {
      loads += 1;
      feed.announce(7);
      return "read before the change";
    });
    expect(await raced).toBe("read before the change");
    expect(await cache.find(7, async () => `read ${++loads}`)).toBe("read 2");
    expect(await cache.find(7, async () => `read ${++loads}`)).toBe("read 2");
    feed.announce(8);
    expect(await cache.find(7, async () => `read ${++loads}`)).toBe("read 2");
    feed.announce("all");
    expect(await cache.find(7, async () => `read ${++loads}`)).toBe("read 3");
  });
});
