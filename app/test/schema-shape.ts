import { get_dmmf } from "@prisma/prisma-schema-wasm";
import type { SqlClient } from "~/lib/database/sql-client.server";

/**
 * One comparable description of a PostgreSQL schema, built twice: from schema.prisma (what Prisma
 * expects) and from a migrated database (what the hand-written migrations made). If they differ,
 * a migration is missing or wrong. Names and types are written the way PostgreSQL prints them.
 */
export interface SchemaShape {
  enums: Record<string, string[]>;
  tables: Record<string, TableShape>;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: { name: string; columns: string[] };
  /** Keyed by index name; unique and plain indexes, without the primary key. */
  indexes: Record<string, { columns: string[]; unique: boolean }>;
  /** Keyed by constraint name. */
  foreignKeys: Record<string, ForeignKeyShape>;
}

export interface ColumnShape {
  type: string;
  nullable: boolean;
  default: string | null;
}

export interface ForeignKeyShape {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
}

type ReferentialAction = "Cascade" | "Restrict" | "NoAction" | "SetNull" | "SetDefault";

// --- the Prisma side ----------------------------------------------------------------------------

// The DMMF as the schema wasm returns it; only the parts used here. `@prisma/prisma-schema-wasm`
// is pinned to the engines version of the installed `prisma` (see package.json).
interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object" | "unsupported";
  isList: boolean;
  isRequired: boolean;
  isUpdatedAt: boolean;
  type: string;
  nativeType: [string, string[]] | null;
  default?: unknown;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: ReferentialAction;
  relationOnUpdate?: ReferentialAction;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  dbName?: string | null;
  fields: { name: string }[];
}
interface Dmmf {
  datamodel: {
    models: DmmfModel[];
    enums: { name: string; dbName: string | null; values: { name: string; dbName: string | null }[] }[];
    indexes: DmmfIndex[];
  };
}

export function describePrismaSchema(schemaText: string): SchemaShape {
  const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", schemaText]] }))) as Dmmf;
  const { models, enums, indexes } = dmmf.datamodel;
  const enumNames = new Map(enums.map((entry) => [entry.name, entry.dbName ?? entry.name]));
  const modelsByName = new Map(models.map((model) => [model.name, model]));
  const tableName = (model: DmmfModel) => model.dbName ?? model.name;
  const columnName = (model: DmmfModel, fieldName: string) => {
    const field = model.fields.find((candidate) => candidate.name === fieldName);
    if (!field) throw new Error(`${model.name}.${fieldName} is not a field`);
    return field.dbName ?? field.name;
  };

  const shape: SchemaShape = {
    enums: Object.fromEntries(
      enums.map((entry) => [enumNames.get(entry.name)!, entry.values.map((value) => value.dbName ?? value.name)]),
    ),
    tables: {},
  };

  for (const model of models) {
    const table = tableName(model);
    const columns: Record<string, ColumnShape> = {};
    const foreignKeys: Record<string, ForeignKeyShape> = {};
    for (const field of model.fields) {
      if (field.kind === "object") {
        if (!field.relationFromFields?.length) continue; // the other side of the relation
        const target = modelsByName.get(field.type)!;
        const fromColumns = field.relationFromFields.map((name) => columnName(model, name));
        const anyRequired = field.relationFromFields.some(
          (name) => model.fields.find((candidate) => candidate.name === name)!.isRequired,
        );
        foreignKeys[constraintName(table, fromColumns, "fkey")] = {
          columns: fromColumns,
          referencedTable: tableName(target),
          referencedColumns: field.relationToFields!.map((name) => columnName(target, name)),
          // Prisma's defaults for relations that name no action.
          onDelete: field.relationOnDelete ?? (anyRequired ? "Restrict" : "SetNull"),
          onUpdate: field.relationOnUpdate ?? "Cascade",
        };
        continue;
      }
      const column = field.dbName ?? field.name;
      const baseType = field.kind === "enum" ? quoteIfNeeded(enumNames.get(field.type)!) : scalarType(field);
      columns[column] = {
        type: field.isList ? `${baseType}[]` : baseType,
        // Prisma creates list columns without NOT NULL even when the field is required.
        nullable: field.isList || !field.isRequired,
        default: defaultExpression(field, table, column, enumNames),
      };
    }

    const tableIndexes = indexes.filter((index) => index.model === model.name);
    const primary = tableIndexes.find((index) => index.type === "id");
    if (!primary) throw new Error(`${model.name} has no primary key`);
    const primaryColumns = primary.fields.map((field) => columnName(model, field.name));
    shape.tables[table] = {
      columns,
      primaryKey: { name: primary.dbName ?? `${table}_pkey`, columns: primaryColumns },
      indexes: Object.fromEntries(
        tableIndexes
          .filter((index) => index.type === "unique" || index.type === "normal")
          .map((index) => {
            const indexColumns = index.fields.map((field) => columnName(model, field.name));
            const unique = index.type === "unique";
            const name = index.dbName ?? constraintName(table, indexColumns, unique ? "key" : "idx");
            return [name, { columns: indexColumns, unique }];
          }),
      ),
      foreignKeys,
    };
  }
  return shape;
}

/** Prisma's default constraint names, shortened like Prisma does to fit PostgreSQL's 63 bytes. */
function constraintName(table: string, columns: string[], suffix: string) {
  const stem = `${table}_${columns.join("_")}`;
  const room = 63 - suffix.length - 1;
  return `${stem.slice(0, room)}_${suffix}`;
}

const scalarTypes: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Decimal: "numeric(65,30)",
  Boolean: "boolean",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
  Bytes: "bytea",
};

const nativeTypes: Record<string, (args: string[]) => string> = {
  Text: () => "text",
  VarChar: (args) => (args.length ? `character varying(${args[0]})` : "character varying"),
  Char: (args) => `character(${args[0] ?? 1})`,
  Uuid: () => "uuid",
  Citext: () => "citext",
  SmallInt: () => "smallint",
  Integer: () => "integer",
  BigInt: () => "bigint",
  Real: () => "real",
  DoublePrecision: () => "double precision",
  Decimal: (args) => `numeric(${args.join(",")})`,
  Money: () => "money",
  Boolean: () => "boolean",
  Date: () => "date",
  Time: (args) => `time(${args[0] ?? 6}) without time zone`,
  Timestamp: (args) => `timestamp(${args[0] ?? 6}) without time zone`,
  Timestamptz: (args) => `timestamp(${args[0] ?? 6}) with time zone`,
  Json: () => "json",
  JsonB: () => "jsonb",
  ByteA: () => "bytea",
  Inet: () => "inet",
};

function scalarType(field: DmmfField): string {
  if (field.nativeType) {
    const [name, args] = field.nativeType;
    const describe = nativeTypes[name];
    if (!describe) throw new Error(`schema-shape: teach nativeTypes about @db.${name}`);
    return describe(args);
  }
  const type = scalarTypes[field.type];
  if (!type) throw new Error(`schema-shape: teach scalarTypes about ${field.type}`);
  return type;
}

/** The column default as pg_get_expr prints it, for the defaults Prisma turns into SQL. */
function defaultExpression(
  field: DmmfField,
  table: string,
  column: string,
  enumNames: Map<string, string>,
): string | null {
  const value = field.default;
  if (value === undefined) return null;
  if (typeof value === "object" && value !== null && !Array.isArray(value) && "name" in value) {
    const { name, args } = value as { name: string; args: unknown[] };
    if (name === "autoincrement") return `nextval('${table}_${column}_seq'::regclass)`;
    if (name === "now") return "CURRENT_TIMESTAMP";
    if (name === "dbgenerated") return String(args[0]);
    // uuid(), cuid(), nanoid(), ulid() are filled in by the Prisma client, not the database.
    if (["uuid", "cuid", "nanoid", "ulid"].includes(name)) return null;
    throw new Error(`schema-shape: teach defaultExpression about ${name}()`);
  }
  const type = field.kind === "enum" ? quoteIfNeeded(enumNames.get(field.type)!) : scalarType(field);
  if (Array.isArray(value)) {
    if (value.length === 0) return `ARRAY[]::${type}[]`;
    return `ARRAY[${value.map((item) => literal(item, field, type)).join(", ")}]`;
  }
  return literal(value, field, type);
}

function literal(value: unknown, field: DmmfField, type: string): string {
  if (field.kind === "enum" || field.type === "String") return `'${String(value).replaceAll("'", "''")}'::${type}`;
  if (field.type === "Boolean" || field.type === "Int" || field.type === "BigInt") return String(value);
  throw new Error(`schema-shape: teach literal about ${field.type} defaults`);
}

/** format_type() quotes names that are not plain lower-case identifiers. */
function quoteIfNeeded(name: string) {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

// --- the database side --------------------------------------------------------------------------

const referentialActions: Record<string, ReferentialAction> = {
  a: "NoAction",
  r: "Restrict",
  c: "Cascade",
  n: "SetNull",
  d: "SetDefault",
};

/**
 * Reads the schema the connection works in (current_schema(): the test schema on PostgreSQL,
 * public on PGlite). Prisma's own `_prisma_migrations` table is not part of the data model.
 */
export async function describeDatabase(sql: SqlClient): Promise<SchemaShape> {
  const enumRows = await sql.query<{ name: string; values: string[] }>(`
    SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
    FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
    WHERE t.typnamespace = to_regnamespace(current_schema())::oid
    GROUP BY t.typname`);

  // Types print without a schema prefix (the namespace is on the search path, or we strip it).
  const columnRows = await sql.query<{
    table: string;
    column: string;
    type: string;
    nullable: boolean;
    default: string | null;
  }>(`
    SELECT c.relname AS table, a.attname AS column,
           format_type(a.atttypid, a.atttypmod) AS type,
           NOT a.attnotnull AS nullable,
           pg_get_expr(d.adbin, d.adrelid) AS default
    FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
    WHERE c.relkind = 'r' AND c.relnamespace = to_regnamespace(current_schema())::oid
      AND c.relname <> '_prisma_migrations'
    ORDER BY c.relname, a.attnum`);

  const indexRows = await sql.query<{
    table: string;
    name: string;
    columns: string[];
    unique: boolean;
    primary: boolean;
  }>(`
    SELECT t.relname AS table, i.relname AS name, ix.indisunique AS unique, ix.indisprimary AS primary,
           array(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, position)
                 JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                 ORDER BY k.position) AS columns
    FROM pg_index ix
    JOIN pg_class t ON t.oid = ix.indrelid
    JOIN pg_class i ON i.oid = ix.indexrelid
    WHERE t.relnamespace = to_regnamespace(current_schema())::oid AND t.relname <> '_prisma_migrations'`);

  const foreignKeyRows = await sql.query<{
    table: string;
    name: string;
    columns: string[];
    referencedTable: string;
    referencedColumns: string[];
    onDelete: string;
    onUpdate: string;
  }>(`
    SELECT t.relname AS table, con.conname AS name, r.relname AS "referencedTable",
           con.confdeltype::text AS "onDelete", con.confupdtype::text AS "onUpdate",
           array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, position)
                 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
                 ORDER BY k.position) AS columns,
           array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, position)
                 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
                 ORDER BY k.position) AS "referencedColumns"
    FROM pg_constraint con
    JOIN pg_class t ON t.oid = con.conrelid
    JOIN pg_class r ON r.oid = con.confrelid
    WHERE con.contype = 'f' AND t.relnamespace = to_regnamespace(current_schema())::oid`);

  const [{ schema }] = await sql.query<{ schema: string }>("SELECT current_schema() AS schema");
  // Names outside the search path print qualified (`"schema".name`); ours are compared bare.
  const stripSchemaPrefix = (text: string) => text.replaceAll(`"${schema}".`, "").replaceAll(`${schema}.`, "");

  const shape: SchemaShape = {
    enums: Object.fromEntries(enumRows.map((row) => [row.name, row.values])),
    tables: {},
  };
  for (const row of columnRows) {
    shape.tables[row.table] ??= { columns: {}, primaryKey: { name: "", columns: [] }, indexes: {}, foreignKeys: {} };
    shape.tables[row.table].columns[row.column] = {
      type: stripSchemaPrefix(row.type),
      nullable: row.nullable,
      default: row.default === null ? null : stripSchemaPrefix(row.default),
    };
  }
  for (const row of indexRows) {
    const table = shape.tables[row.table];
    if (row.primary) table.primaryKey = { name: row.name, columns: row.columns };
    else table.indexes[row.name] = { columns: row.columns, unique: row.unique };
  }
  for (const row of foreignKeyRows) {
    shape.tables[row.table].foreignKeys[row.name] = {
      columns: row.columns,
      referencedTable: row.referencedTable,
      referencedColumns: row.referencedColumns,
      onDelete: referentialActions[row.onDelete],
      onUpdate: referentialActions[row.onUpdate],
    };
  }
  return shape;
}
