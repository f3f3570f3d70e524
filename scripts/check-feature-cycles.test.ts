import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildGraph, findCycles } from "./check-feature-cycles.js";

const script = path.join(import.meta.dirname, "check-feature-cycles.js");
const fixtures: string[] = [];

/** A throwaway app/ folder: { "features/a/a.ts": "import ..." }. */
function fixtureApp(files: Record<string, string>): string {
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), "feature-cycles-"));
  fixtures.push(appDir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true });
    fs.writeFileSync(path.join(appDir, file), text);
  }
  return appDir;
}

const run = (appDir: string) => {
  try {
    return { status: 0, output: execFileSync(process.execPath, [script, appDir], { encoding: "utf8", stdio: "pipe" }) };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { status: failed.status, output: failed.stderr };
  }
};

afterAll(() => fixtures.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("check-feature-cycles", () => {
  it("names a cycle made of an alias import one way and a relative import the other, and exits 1", () => {
    const appDir = fixtureApp({
      "features/orders/orders.server.ts": 'import { pay } from "~/features/payments/pay";\nexport const order = pay;\n',
      "features/payments/pay.ts": 'import type { Order } from "../orders/orders.server";\nexport const pay = 1;\n',
      "features/catalog/catalog.ts": 'import { money } from "~/lib/money";\nexport const price = money;\n',
      "lib/money.ts": "export const money = 1;\n",
    });
    expect(findCycles(buildGraph(appDir))).toEqual([["orders", "payments"]]);
    const result = run(appDir);
    expect(result.status).toBe(1);
    expect(result.output).toContain("orders -> payments -> orders");
  });

  it("finds a longer cycle and ignores test files, routes and imports inside one feature", () => {
    const appDir = fixtureApp({
      "features/a/a.ts": 'export * from "~/features/b/b";\nimport "./own";\n',
      "features/a/own.ts": "export {};\n",
      "features/b/b.ts": 'import { c } from "~/features/c/c";\nexport const b = c;\n',
      "features/c/c.ts": 'export const c = await import("~/features/a/a");\n',
      "features/c/c.test.ts": 'import { b } from "~/features/b/b";\n',
      "features/b/b.test.ts": 'import { a } from "~/features/a/a";\n',
      "routes/home.tsx": 'import { a } from "~/features/a/a";\nimport { c } from "../features/c/c";\n',
    });
    expect(findCycles(buildGraph(appDir))).toEqual([["a", "b", "c"]]);
  });

  it("sees a cycle through front doors (a feature's folder imported, index.ts or index.server.ts)", () => {
    const appDir = fixtureApp({
      "features/orders/index.server.ts": 'export { order } from "./orders.server";\n',
      "features/orders/orders.server.ts": 'import { pay } from "~/features/payments";\nexport const order = pay;\n',
      "features/payments/index.ts": 'export { pay } from "./pay";\n',
      "features/payments/pay.ts": 'import type { order } from "~/features/orders/index.server";\nexport const pay = 1;\n',
    });
    expect(findCycles(buildGraph(appDir))).toEqual([["orders", "payments"]]);
  });

  it("passes a one-way graph", () => {
    const appDir = fixtureApp({
      "features/orders/orders.server.ts": 'import { price } from "~/features/catalog/catalog";\nexport const order = price;\n',
      "features/catalog/catalog.ts": "export const price = 1;\n",
      "features/catalog/catalog.test.ts": 'import { order } from "~/features/orders/orders.server";\n',
    });
    expect(run(appDir)).toMatchObject({ status: 0, output: expect.stringContaining("no import cycles") });
  });

  it("finds none in this app", () => {
    expect(findCycles(buildGraph(path.join(import.meta.dirname, "..", "app")))).toEqual([]);
  });
});
