import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withoutJavaScript } from "../e2e/without-javascript";

/*
 * The browser tests' "no-js" project runs the tests tagged @without-javascript in the spec files
 * e2e/without-javascript.ts lists (playwright.config.ts): a listed file without a tagged test runs
 * nothing without JavaScript, and a tagged test in a file left off the list never runs without it.
 */
const specFiles = fs.readdirSync("e2e").filter((name) => name.endsWith(".spec.ts"));
const tagged = (file: string) => /"@without-javascript"/.test(fs.readFileSync(path.join("e2e", file), "utf8"));

describe("the browser tests run without JavaScript", () => {
  it("lists only spec files that exist", () => {
    expect(withoutJavaScript.filter((file) => !specFiles.includes(file))).toEqual([]);
  });

  it("tags a test in every listed file", () => {
    expect(withoutJavaScript.filter((file) => !tagged(file))).toEqual([]);
  });

  it("tags no test in a file that is not listed", () => {
    expect(specFiles.filter((file) => !withoutJavaScript.includes(file) && tagged(file))).toEqual([]);
  });
});
