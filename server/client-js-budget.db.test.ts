import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureClientJs } from "../bench/client-js.js";
import { type TestServer, startInProcessServer } from "./testing/in-process-server";

// Issue "Foundation": the JavaScript `/` loads stays under 120 KB gzip. Sizes do not depend on the
// machine's speed, so unlike the timing targets (bench/) this one is checked on every test run.
const homePageBudgetBytes = 120_000;

describe("the home page's JavaScript budget", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startInProcessServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`stays under ${homePageBudgetBytes / 1000} kB gzip`, async () => {
    const { gzipBytes, files } = await measureClientJs(`${server.url}/`);
    expect(files.length).toBeGreaterThan(0);
    expect(gzipBytes, files.map((file: { path: string; gzipBytes: number }) => `${file.path}: ${file.gzipBytes}`).join("\n")).toBeLessThan(homePageBudgetBytes);
  });
});
