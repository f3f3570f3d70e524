import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "~/test/test-database";
import { openDatabase } from "./db.server";
import { DataDirectoryLockedError } from "./pglite-lock.server";

describe("Prisma on the test database", () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });
  afterAll(() => testDatabase?.dispose());

  const newClient = (username: string) =>
    testDatabase.database.prisma.user.create({
      data: {
        email: `${username.toLowerCase()}@example.com`,
        username,
        usernameLower: username.toLowerCase(),
        fullName: "Ama Mensah",
        role: "client",
        passwordHash: "$argon2id$v=19$placeholder",
      },
    });

  it("stores a user and an order with money in minor units and reads them back", async () => {
    const { prisma } = testDatabase.database;
    const client = await newClient("AmaBoosts");

    const created = await prisma.order.create({
      data: {
        clientId: client.id,
        packageId: "custom-instagram",
        packageName: "1000 Followers",
        platform: "instagram",
        quantity: 1000,
        targetUsername: "@ama.shop",
        targetUrl: "instagram.com/ama.shop",
        priceMinor: 150_000, // ₵1,500.00
        rewardMinor: 45,
        feeMinor: 2_550, // 1.7%
        totalMinor: 152_550,
        currency: "GHS",
      },
    });

    const order = await prisma.order.findUniqueOrThrow({ where: { id: created.id }, include: { client: true } });
    expect(order).toMatchObject({
      priceMinor: 150_000,
      feeMinor: 2_550,
      totalMinor: 152_550,
      currency: "GHS",
      status: "pending",
      paymentStatus: "unpaid",
      serviceType: "followers",
      deliveredQuantity: 0,
      screenshotUploadId: null,
      client: { id: client.id, username: "AmaBoosts", role: "client", status: "active", tokenVersion: 0, platforms: [] },
    });
    expect(order.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(order.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("sums signed ledger amounts in the database", async () => {
    const { prisma } = testDatabase.database;
    const worker = await prisma.user.create({
      data: {
        email: "kofi@example.com",
        username: "kofi",
        usernameLower: "kofi",
        fullName: "Kofi Asante",
        role: "worker",
        status: "pending_review",
        passwordHash: "x",
        platforms: ["instagram", "tiktok"],
      },
    });
    await prisma.ledgerEntry.createMany({
      data: [
        { userId: worker.id, kind: "earning", amountMinor: 300, currency: "GHS", idempotencyKey: "test:earning:1" },
        { userId: worker.id, kind: "earning", amountMinor: 150, currency: "GHS", idempotencyKey: "test:earning:2" },
        { userId: worker.id, kind: "payout", amountMinor: -400, currency: "GHS", idempotencyKey: "test:payout:1" },
      ],
    });

    const balance = await prisma.ledgerEntry.aggregate({ where: { userId: worker.id }, _sum: { amountMinor: true } });

    expect(balance._sum.amountMinor).toBe(50);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: worker.id } })).platforms).toEqual(["instagram", "tiktok"]);
  });

  it("rejects a username that differs from a taken one only in letter case", async () => {
    await newClient("Yaw_Grows");
    const duplicate = newClient("yaw_GROWS");
    await expect(duplicate).rejects.toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    await expect(duplicate).rejects.toMatchObject({ code: "P2002" });
  });

  it("rejects a second ledger entry with the same idempotency key", async () => {
    const { prisma } = testDatabase.database;
    const user = await newClient("Efua");
    const entry = { userId: user.id, kind: "refund" as const, amountMinor: 100, currency: "GHS" as const };
    await prisma.ledgerEntry.create({ data: { ...entry, idempotencyKey: "test:refund:efua" } });
    await expect(
      prisma.ledgerEntry.create({ data: { ...entry, idempotencyKey: "test:refund:efua" } }),
    ).rejects.toMatchObject({ code: "P2002" });
  });

  it.runIf(testDatabaseUrl)("keeps its tables and migration records in its own PostgreSQL schema", async () => {
    const { sql } = testDatabase.database;
    const schema = testDatabase.schema!;
    const tables = await sql.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = $1",
      [schema],
    );
    expect(tables.map((row) => row.table_name)).toEqual(expect.arrayContaining(["_prisma_migrations", "users", "orders"]));
    // Prisma's writes went to the same schema the raw SQL client reads.
    const [{ count }] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "${schema}"."users"`);
    expect(count).toBe(await testDatabase.database.prisma.user.count());
    expect(count).toBeGreaterThan(0);
  });
});

describe.runIf(testDatabaseUrl)("openDatabase on PostgreSQL", () => {
  it("reads the schema from a ?schema= parameter in the URL, as Prisma's own tools do", async () => {
    const testDatabase = await createTestDatabase();
    const url = new URL(testDatabaseUrl!);
    url.searchParams.set("schema", testDatabase.schema!);
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      const [{ schema }] = await database.sql.query<{ schema: string }>("SELECT current_schema() AS schema");
      expect(schema).toBe(testDatabase.schema);
      expect(await database.prisma.user.count()).toBe(0);
    } finally {
      await database.close();
      await testDatabase.dispose();
    }
  });
});

describe("openDatabase on a data directory", () => {
  it("refuses to open a directory that a running process holds", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "smb-data-"));
    const owner = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      await new Promise((resolve, reject) => owner.once("spawn", resolve).once("error", reject));
      fs.mkdirSync(path.join(dataDir, "pglite"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "pglite", "owner.pid"), String(owner.pid));

      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirectoryLockedError);
    } finally {
      const exited = new Promise((resolve) => owner.once("exit", resolve));
      owner.kill();
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
