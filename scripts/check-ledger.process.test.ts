import { describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/database/db.server";
import { commandDatabase, runCommand } from "./script-testing";

describe("npm run check-ledger", () => {
  const command = commandDatabase();
  const checkLedger = (...args: string[]) => runCommand("check-ledger.js", args, command.env);

  it("says a sound ledger is sound, and names a broken rule with exit code 1", async () => {
    const sound = await checkLedger();
    expect(sound.code).toBe(0);
    expect(sound.output).toContain("ok   payouts without exactly one reservation of their amount");
    expect(sound.output.trim().split("\n").at(-1)).toBe("The ledger is sound.");

    // A worker credited out of nowhere into a negative balance: written behind the ledger module's back.
    const database = await openDatabase(command.env.DATABASE_URL ? { databaseUrl: command.env.DATABASE_URL } : { dataDir: command.env.DATA_DIR! });
    try {
      const worker = await database.prisma.user.create({ data: { email: "w@example.com", username: "w", usernameLower: "w", fullName: "W", role: "worker", passwordHash: "x" } });
      await database.prisma.ledgerEntry.create({ data: { userId: worker.id, kind: "adjustment", amountMinor: -100, currency: "GHS", idempotencyKey: "test:broken" } });
    } finally {
      await database.close();
    }

    const broken = await checkLedger("--json");
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.output).filter((result: { offending: number }) => result.offending > 0)).toEqual([{ rule: "users with a negative available balance other than by claw-backs", offending: 1 }]);
  });
});
