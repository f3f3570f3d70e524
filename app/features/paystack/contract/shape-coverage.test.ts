import { describe, expect, it } from "vitest";
import { requestProblems, type RequestSchema, shapeProblems } from "./shape-coverage";

// The contract tests are only as strict as these checks: each drift they must catch, caught here.

describe("shapeProblems", () => {
  const documented = { status: true, data: { id: 7, amount: 100, paid_at: "2026-11-20T10:15:04.000Z", log: null, plan: {}, history: [{ time: 3 }], authorization: { bin: "408408" } } };

  it("accepts an answer with every documented field and extra fields of its own", () => {
    const actual = { status: true, extra: 1, data: { id: 9, amount: 250, paid_at: "2026-01-01T00:00:00.000Z", log: { any: "thing" }, plan: { id: 1 }, history: [], authorization: { bin: "506066", brand: "verve" } } };
    expect(shapeProblems(documented, actual)).toEqual([]);
  });

  it("names every missing field and every type that differs, with its path", () => {
    const actual = { status: "true", data: { id: 9.5, paid_at: 5, log: null, plan: [], history: [{ time: "3" }], authorization: {} } };
    expect(shapeProblems(documented, actual)).toEqual([
      "status: string, documented as boolean",
      "data.id: number, documented as integer",
      "data.amount: missing",
      "data.paid_at: integer, documented as string",
      "data.plan: array, documented as object",
      "data.history[].time: string, documented as integer",
      "data.authorization.bin: missing",
    ]);
  });

  it("takes null only where Paystack documents null, and skips listed exceptions", () => {
    const actual = { status: true, data: { id: 9, amount: 1, paid_at: null, log: null, plan: null, history: [], authorization: { bin: null } } };
    expect(shapeProblems(documented, actual)).toEqual(["data.paid_at: null, documented as string", "data.plan: null, documented as object", "data.authorization.bin: null, documented as string"]);
    expect(shapeProblems(documented, actual, "", { nullable: ["data.paid_at", "data.plan"], exceptions: { "data.authorization": "not compared here" } })).toEqual([]);
  });
});

describe("requestProblems", () => {
  const schema: RequestSchema = {
    type: "object",
    required: ["email", "amount"],
    properties: {
      email: { type: "string" },
      amount: { type: "integer", minimum: 1 },
      channels: { type: "array", items: { type: "string", enum: ["card", "mobile_money"] } },
      reference: { type: "string", pattern: "^[a-z0-9-]+$" },
      mobile_money: { type: "object", required: ["phone"], properties: { phone: { type: "string" } } },
    },
  };

  it("accepts a body of documented fields", () => {
    expect(requestProblems(schema, { email: "a@example.com", amount: 100, channels: ["card"], reference: "abc-1", mobile_money: { phone: "0551234987" } })).toEqual([]);
  });

  it("names undocumented and missing fields, wrong types, and values outside the enum, pattern or minimum", () => {
    expect(requestProblems(schema, { amount: 1.5, channels: ["cash"], reference: "ABC_1", mobile_money: { number: "0551234987" }, card: {} })).toEqual([
      "email: required, not sent",
      "amount: number, documented as integer",
      'channels[0]: "cash" is not one of ["card","mobile_money"]',
      'reference: "ABC_1" does not match ^[a-z0-9-]+$',
      "mobile_money.phone: required, not sent",
      "mobile_money.number: not a documented field",
      "card: not a documented field",
    ]);
    expect(requestProblems(schema, { email: "a@example.com", amount: 0 })).toEqual(["amount: 0 is below 1"]);
  });

  it("skips listed exceptions: a whole field, or one check of a field", () => {
    expect(requestProblems(schema, { email: "a@example.com", amount: 1, card: {}, reference: "A_1" }, "", { card: "sent on purpose", "reference#pattern": "known" })).toEqual([]);
  });
});
