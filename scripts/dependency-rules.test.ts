import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/*
 * The layer rules of .dependency-cruiser.cjs (run by `npm run lint`) on throwaway code bases: each
 * hole the ESLint rules had is caught (a dynamic import from lib, a components import spelled
 * `app/features/…`, any import of server/), whatever the spelling, and clean code passes.
 */
const repoRoot = path.resolve(import.meta.dirname, "..");
const depcruise = path.join(repoRoot, "node_modules", ".bin", "depcruise");
const fixtures: string[] = [];

/** A throwaway code base with the repository's tsconfig aliases: { "app/lib/a.ts": "…" }. */
function fixture(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "dependency-rules-"));
  fixtures.push(root);
  const tsconfig = { compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] }, moduleResolution: "bundler", module: "ES2022", allowJs: true, jsx: "react-jsx" } };
  for (const [file, text] of Object.entries({ "tsconfig.json": JSON.stringify(tsconfig), ...files })) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The rules each module breaks, as `rule: from → to`. */
function violations(root: string): string[] {
  const folders = ["app", "server", "sandbox"].filter((folder) => fs.existsSync(path.join(root, folder)));
  let output: string;
  try {
    output = execFileSync(depcruise, [...folders, "--config", path.join(repoRoot, ".dependency-cruiser.cjs"), "--output-type", "json"], { cwd: root, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    output = (error as { stdout: string }).stdout; // exits non-zero when a rule is broken
  }
  const result = JSON.parse(output) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
}

afterAll(() => fixtures.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const shop = { "app/features/shop/shop.ts": "export const price = 1;\n" };

describe("the layer rules", () => {
  it("catch a dynamic import of a feature from lib, by the alias or a relative path", () => {
    const root = fixture({
      ...shop,
      "app/lib/lazy.ts": 'export const load = () => import("~/features/shop/shop");\n',
      "app/lib/lazy-relative.ts": 'export const load = () => import("../features/shop/shop");\n',
    });
    expect(violations(root)).toEqual([
      "lib-is-the-bottom-layer: app/lib/lazy-relative.ts → app/features/shop/shop.ts",
      "lib-is-the-bottom-layer: app/lib/lazy.ts → app/features/shop/shop.ts",
    ]);
  });

  it("catch a component importing a feature spelled app/features/…, or re-exporting one", () => {
    const root = fixture({
      ...shop,
      "app/components/price.tsx": 'import { price } from "app/features/shop/shop";\nexport const Price = () => <span>{price}</span>;\n',
      "app/components/again.ts": 'export { price } from "../../app/features/shop/shop";\n',
    });
    expect(violations(root)).toEqual([
      "components-import-only-lib: app/components/again.ts → app/features/shop/shop.ts",
      "components-import-only-lib: app/components/price.tsx → app/features/shop/shop.ts",
    ]);
  });

  it("catch any import of server/ from the app or the sandbox", () => {
    const root = fixture({
      "server/chain.ts": "export const chain = 1;\n",
      "app/lib/uses-server.ts": 'import { chain } from "../../server/chain";\nexport const uses = chain;\n',
      "app/features/shop/uses-server.ts": 'export const load = () => import("~/../server/chain");\n',
      "sandbox/page.ts": 'import type { chain } from "../server/chain";\nexport type Page = typeof chain;\n',
    });
    expect(violations(root)).toEqual([
      "the-app-never-imports-the-server: app/features/shop/uses-server.ts → server/chain.ts",
      "the-app-never-imports-the-server: app/lib/uses-server.ts → server/chain.ts",
      "the-app-never-imports-the-server: sandbox/page.ts → server/chain.ts",
    ]);
  });

  it("catch a feature importing a route, and pass code that keeps to its layers", () => {
    const clean = fixture({
      ...shop,
      "app/lib/money.ts": "export const money = 1;\n",
      "app/components/money.tsx": 'import { money } from "~/lib/money";\nexport const Money = () => <span>{money}</span>;\n',
      "app/features/shop/page.tsx": 'import { Money } from "~/components/money";\nimport { price } from "./shop";\nexport const Page = () => <Money key={price} />;\n',
      "app/routes/shop.tsx": 'import { Page } from "~/features/shop/page";\nexport default Page;\n',
      "server/app.ts": 'export const routes = () => import("../app/routes/shop");\n',
    });
    expect(violations(clean)).toEqual([]);
    fs.writeFileSync(path.join(clean, "app/features/shop/back.ts"), 'import Shop from "~/routes/shop";\nexport const back = Shop;\n');
    expect(violations(clean)).toEqual(["features-never-import-routes: app/features/shop/back.ts → app/routes/shop.tsx"]);
  });

  it("let a feature use another only through its front door (index.ts or index.server.ts), whatever the spelling", () => {
    const root = fixture({
      ...shop,
      "app/features/shop/shop.server.ts": "export const stock = 2;\n",
      "app/features/shop/index.ts": 'export { price } from "./shop";\n',
      "app/features/shop/index.server.ts": 'export { stock } from "./shop.server";\n',
      "app/features/till/door.ts": 'import { price } from "~/features/shop";\nimport { stock } from "~/features/shop/index.server";\nimport { own } from "./own";\nexport const sum = price + stock + own;\n',
      "app/features/till/own.ts": "export const own = 3;\n",
      "app/features/till/deep.ts": 'import { price } from "~/features/shop/shop";\nexport const deep = price;\n',
      "app/features/till/relative.ts": 'export const load = () => import("../shop/shop.server");\n',
      "app/features/till/door.test.ts": 'import { price } from "~/features/shop/shop";\nexport const tested = price;\n',
    });
    expect(violations(root)).toEqual([
      "features-meet-at-front-doors: app/features/till/deep.ts → app/features/shop/shop.ts",
      "features-meet-at-front-doors: app/features/till/relative.ts → app/features/shop/shop.server.ts",
    ]);
  });
});
