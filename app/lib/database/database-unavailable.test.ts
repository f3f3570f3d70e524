import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { AppError } from "~/lib/errors";
import { isDatabaseUnavailable } from "./database-unavailable";

/** Error shapes as they were observed from Prisma 7 + @prisma/adapter-pg and node-postgres when PostgreSQL stops. */
const withProps = (message: string, props: Record<string, unknown>) => Object.assign(new Error(message), props);

describe("isDatabaseUnavailable", () => {
  it("recognises Prisma's connection codes", () => {
    for (const code of ["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]) {
      expect(isDatabaseUnavailable(withProps("prisma", { code, clientVersion: "7.10.0" })), code).toBe(true);
    }
  });

  it("recognises a raw query failure whose driver adapter error says the server is unreachable", () => {
    const driverAdapterError = withProps("DatabaseNotReachable", { name: "DriverAdapterError", cause: { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 } });
    expect(isDatabaseUnavailable(withProps("Raw query failed. Code: `N/A`.", { code: "P2010", meta: { driverAdapterError } }))).toBe(true);
    expect(isDatabaseUnavailable(withProps("closed", { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } }))).toBe(true);
  });

  it("recognises node-postgres socket errors, shutdown SQLSTATEs and code-less messages", () => {
    expect(isDatabaseUnavailable(withProps("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED", syscall: "connect", errno: -111 }))).toBe(true);
    expect(isDatabaseUnavailable(withProps("read ECONNRESET", { code: "ECONNRESET" }))).toBe(true);
    expect(isDatabaseUnavailable(withProps("terminating connection due to administrator command", { code: "57P01", severity: "FATAL" }))).toBe(true);
    expect(isDatabaseUnavailable(withProps("the database system is starting up", { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailable(withProps("connection failure", { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(withProps("Connection terminated unexpectedly", { clientVersion: "7.10.0" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("looks through cause chains and AggregateError", () => {
    const refused = withProps("connect ECONNREFUSED ::1:5432", { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error("x"), refused]))).toBe(true);
  });

  it("leaves every other error alone", () => {
    expect(isDatabaseUnavailable(new AppError(409, "already_completed", "You have already completed a task for this account."))).toBe(false);
    expect(isDatabaseUnavailable(withProps("Unique constraint failed", { code: "P2002" }))).toBe(false);
    expect(isDatabaseUnavailable(withProps("duplicate key value", { code: "23505", severity: "ERROR" }))).toBe(false);
    expect(isDatabaseUnavailable(new ZodError([]))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
  });

  it("does not loop on a cyclic cause chain", () => {
    const first = new Error("first");
    const second = new Error("second", { cause: first });
    (first as { cause?: unknown }).cause = second;
    expect(isDatabaseUnavailable(first)).toBe(false);
  });
});
