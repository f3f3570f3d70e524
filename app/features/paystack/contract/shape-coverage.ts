import { expect } from "vitest";

/**
 * The two checks of the Paystack contract tests, as plain functions that list every problem (so a
 * failing test names all the drifted fields at once, with their paths):
 *
 * - `shapeProblems(documented, actual)`: does an answer carry every field of Paystack's documented
 *   example, with a compatible JSON type? Extra fields are fine (Paystack adds fields freely).
 * - `requestProblems(schema, body)`: is a request body made only of documented fields, with the
 *   required ones present and the documented types, enums and patterns?
 *
 * Paths read like `data.authorization.bin`; an array's items are `path[]`.
 */

export type JsonType = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "boolean" || typeof value === "string" || typeof value === "object") return typeof value as JsonType;
  throw new TypeError(`not a JSON value: ${String(value)}`);
}

export interface CoverageRules {
  /** Paths Paystack documents as possibly null (OpenAPI `nullable`, or null in one of its examples). */
  nullable?: readonly string[];
  /** Paths deliberately not compared, each with the reason; the whole subtree is skipped. */
  exceptions?: Readonly<Record<string, string>>;
}

/**
 * What `actual` lacks of `documented`. A documented `null` only says the field is there (Paystack
 * shows null, the type is not pinned); a documented `{}` or `[]` only pins the container's type.
 * An integer must stay an integer: amounts are minor units.
 */
export function shapeProblems(documented: unknown, actual: unknown, path = "", rules: CoverageRules = {}): string[] {
  if (rules.exceptions?.[path] !== undefined) return [];
  const here = path || "(root)";
  if (documented === null) return [];
  if (actual === null) return rules.nullable?.includes(path) ? [] : [`${here}: null, documented as ${jsonTypeOf(documented)}`];
  const want = jsonTypeOf(documented);
  const got = jsonTypeOf(actual);
  const isCompatible = want === got || (want === "number" && got === "integer");
  if (!isCompatible) return [`${here}: ${got}, documented as ${want}`];
  if (want === "array") {
    const [item] = documented as unknown[];
    if (item === undefined) return [];
    return (actual as unknown[]).flatMap((element) => shapeProblems(item, element, `${path}[]`, rules));
  }
  if (want !== "object") return [];
  const actualObject = actual as Record<string, unknown>;
  return Object.entries(documented as Record<string, unknown>).flatMap(([key, value]) => {
    const childPath = path ? `${path}.${key}` : key;
    if (rules.exceptions?.[childPath] !== undefined) return [];
    if (!(key in actualObject)) return [`${childPath}: missing`];
    return shapeProblems(value, actualObject[key], childPath, rules);
  });
}

/** Fails the test with every field `actual` lacks of Paystack's documented shape. */
export function expectShapeCovers(documented: unknown, actual: unknown, path = "", rules: CoverageRules = {}): void {
  expect(shapeProblems(documented, actual, path, rules), "fields of Paystack's documented shape that the answer lacks").toEqual([]);
}

/** A documented request body, as the fixtures write it: the subset of JSON Schema Paystack's OpenAPI uses. */
export interface RequestSchema {
  type: "object" | "array" | "string" | "integer" | "number" | "boolean";
  required?: string[];
  properties?: Record<string, RequestSchema>;
  items?: RequestSchema;
  enum?: readonly (string | number)[];
  pattern?: string;
  minimum?: number;
  description?: string;
}

/**
 * Every way `body` strays from the documented request: an undocumented field, a missing required
 * one, a wrong type, a value outside the enum, pattern or minimum. `exceptions` names, with the
 * reason, fields sent on purpose although undocumented (`card`), or one check to skip on a field
 * (`reference#pattern`).
 */
export function requestProblems(schema: RequestSchema, body: unknown, path = "", exceptions: Readonly<Record<string, string>> = {}): string[] {
  const here = path || "(body)";
  const got = body === undefined ? "undefined" : jsonTypeOf(body);
  const isTypeOk = got === schema.type || (schema.type === "number" && got === "integer");
  if (!isTypeOk) return [`${here}: ${got}, documented as ${schema.type}`];
  const problems: string[] = [];
  if (schema.enum && !schema.enum.includes(body as string | number)) problems.push(`${here}: ${JSON.stringify(body)} is not one of ${JSON.stringify(schema.enum)}`);
  if (schema.pattern && exceptions[`${path}#pattern`] === undefined && !new RegExp(schema.pattern).test(body as string)) problems.push(`${here}: ${JSON.stringify(body)} does not match ${schema.pattern}`);
  if (schema.minimum !== undefined && (body as number) < schema.minimum) problems.push(`${here}: ${String(body)} is below ${schema.minimum}`);
  if (schema.type === "array" && schema.items) {
    (body as unknown[]).forEach((item, index) => problems.push(...requestProblems(schema.items!, item, `${path}[${index}]`, exceptions)));
  }
  if (schema.type === "object" && schema.properties) {
    const fields = body as Record<string, unknown>;
    for (const required of schema.required ?? []) {
      if (fields[required] === undefined) problems.push(`${path ? `${path}.` : ""}${required}: required, not sent`);
    }
    for (const [key, value] of Object.entries(fields)) {
      const childPath = path ? `${path}.${key}` : key;
      if (exceptions[childPath] !== undefined || value === undefined) continue;
      const fieldSchema = schema.properties[key];
      if (!fieldSchema) problems.push(`${childPath}: not a documented field`);
      else problems.push(...requestProblems(fieldSchema, value, childPath, exceptions));
    }
  }
  return problems;
}
