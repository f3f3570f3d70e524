import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "~/test/test-database";
import { describeDatabase, describePrismaSchema, type SchemaShape } from "~/test/schema-shape";

// Migrations are written by hand (Prisma's schema engine cannot run here), so this test is what
// keeps prisma/migrations and prisma/schema.prisma in step.
const schemaText = fs.readFileSync("prisma/schema.prisma", "utf8");

describe("the migrated database", () => {
  let testDatabase: TestDatabase;
  let migrated: SchemaShape;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    migrated = await describeDatabase(testDatabase.database.sql);
  });
  afterAll(() => testDatabase?.dispose());

  it("has exactly the enums of schema.prisma, with their values in order", () => {
    expect(migrated.enums).toEqual(describePrismaSchema(schemaText).enums);
  });

  it("has exactly the tables, columns, types, nullability, defaults, keys and indexes of schema.prisma", () => {
    const expected = describePrismaSchema(schemaText);
    expect(Object.keys(migrated.tables).sort()).toEqual(Object.keys(expected.tables).sort());
    for (const [table, shape] of Object.entries(expected.tables)) {
      expect({ table, ...migrated.tables[table] }).toEqual({ table, ...shape });
    }
  });

  it("would fail if a column were added to schema.prisma without a migration", () => {
    const withExtraColumn = schemaText.replace(
      /(model User \{\n)/,
      '$1  addedWithoutMigration String? @map("added_without_migration")\n',
    );
    const expected = describePrismaSchema(withExtraColumn);
    expect(expected.tables.users.columns.added_without_migration).toEqual({ type: "text", nullable: true, default: null });
    expect(migrated.tables.users).not.toEqual(expected.tables.users);
  });

  it("would fail if a unique index were declared in schema.prisma without a migration", () => {
    const withExtraUnique = schemaText.replace(/(\n {2}@@map\("orders"\))/, '\n  @@unique([clientId, targetUrl])$1');
    const expected = describePrismaSchema(withExtraUnique);
    expect(expected.tables.orders.indexes.orders_client_id_target_url_key).toEqual({
      columns: ["client_id", "target_url"],
      unique: true,
    });
    expect(migrated.tables.orders.indexes).not.toEqual(expected.tables.orders.indexes);
  });
});
