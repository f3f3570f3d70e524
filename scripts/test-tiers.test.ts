import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Every Vitest file sits in the tier its name says (vitest.config.ts, README "Tests"), so `npm run
 * test:quick` and the PostgreSQL pass run what they should: a unit test opens no database and starts
 * no server; a database test starts no server process (its HTTP server runs in the test process);
 * the process tier is where server processes are started.
 */
const roots = ["app", "server", "scripts", "sandbox"];

/** What a test file imports or calls that puts it in a tier. */
const needsDatabase = /test\/test-database"|test\/service-test"|in-process-server"|security\/helpers"|from "\.\/helpers"|@electric-sql\/pglite"|openDatabase\(/;
const startsServerProcess = /\bstartServer\(|\bexpectStartFailure\(|restart-scenario"|script-testing"/;

function testFiles(): string[] {
  return roots.flatMap((root) => (fs.readdirSync(root, { recursive: true }) as string[]).map((name) => path.join(root, name))).filter((name) => /\.test\.tsx?$/.test(name) && !name.includes("node_modules"));
}

function tierOf(file: string): "unit" | "database" | "process" {
  if (/\.db\.test\.tsx?$/.test(file)) return "database";
  if (/\.process\.test\.tsx?$/.test(file)) return "process";
  return "unit";
}

describe("the test tiers", () => {
  // This file names the patterns it looks for.
  const files = testFiles().filter((file) => file !== path.join("scripts", "test-tiers.test.ts")).map((file) => ({ file, tier: tierOf(file), text: fs.readFileSync(file, "utf8") }));

  it("finds the files of every tier", () => {
    for (const tier of ["unit", "database", "process"]) expect(files.filter((file) => file.tier === tier).length, tier).toBeGreaterThan(0);
  });

  it("keeps databases and server processes out of unit tests", () => {
    const misplaced = files.filter(({ tier, text }) => tier === "unit" && (needsDatabase.test(text) || startsServerProcess.test(text)));
    expect(misplaced.map(({ file }) => file)).toEqual([]);
  });

  it("keeps server processes out of database tests", () => {
    const misplaced = files.filter(({ tier, text }) => tier === "database" && startsServerProcess.test(text));
    expect(misplaced.map(({ file }) => file)).toEqual([]);
  });

  it("gives a database test a database", () => {
    const without = files.filter(({ tier, text }) => tier === "database" && !needsDatabase.test(text));
    expect(without.map(({ file }) => file)).toEqual([]);
  });
});
