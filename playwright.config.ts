import { defineConfig, devices, type ReporterDescription, type PlaywrightTestConfig } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bootstrapAdmin } from "./e2e/bootstrap-admin";
import { directCardPort, e2ePort } from "./e2e/servers";
import { e2eSupportContacts } from "./e2e/support-contacts";
import { withoutJavaScript } from "./e2e/without-javascript";

/*
 * Browser tests run against the production build served by the real server (server/start.js) with a
 * fresh embedded database, in Debian's headless Chromium (never a downloaded browser): every test with
 * JavaScript on ("js"), and the tests whose point is a form or page working without JavaScript
 * again with it off ("no-js": those tagged @without-javascript in the files e2e/without-javascript.ts
 * lists, with why).
 *
 * E2E_PORT picks the port (default 3210). E2E_SKIP_BUILD=1 serves an existing build in BUILD_DIR
 * instead of building into build-e2e first.
 */
const port = e2ePort;
const baseURL = `http://127.0.0.1:${port}`;
const isCI = Boolean(process.env.CI);
const skipBuild = process.env.E2E_SKIP_BUILD === "1";
const buildDirectory = skipBuild ? (process.env.BUILD_DIR ?? "build") : "build-e2e";

// The config is loaded by the runner and again by each worker: only the runner makes the directory,
// and the workers inherit its path through the environment. It is removed when the runner exits.
if (!process.env.SMB_E2E_DATA_DIR) {
  const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "smb-e2e-"));
  process.env.SMB_E2E_DATA_DIR = dataDirectory;
  process.on("exit", () => fs.rmSync(dataDirectory, { recursive: true, force: true }));
}

const dataDirectory = process.env.SMB_E2E_DATA_DIR as string;
const waitForFirstServer = `until node -e "fetch('${baseURL}/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; do sleep 1; done`;

const reporters: ReporterDescription[] = [[isCI ? "line" : "list"]];
if (process.env.TEST_RESULTS_DIR) {
  // `npm test` adds every report in this directory into one closing line.
  reporters.push(["json", { outputFile: path.join(process.env.TEST_RESULTS_DIR, "playwright.json") }]);
}

/*
 * Debian's headless Chromium (package chromium-headless-shell: the same Blink and V8 as Debian's
 * chromium, without the desktop browser around them), which is what Playwright itself runs headless
 * tests in, at a fraction of the desktop browser's CPU (decision 0039). CHROMIUM_PATH=/usr/bin/chromium
 * runs them in the desktop browser, e.g. with --headed.
 */
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  // A page took up to 5 s to load and hydrate on a loaded 2-CPU machine (CI, 2026-11-26): assertions
  // wait twice that, so a slow machine is not reported as a broken page.
  expect: { timeout: 10_000 },
  reporter: reporters,
  use: {
    baseURL,
    // A trace of every test costs much of the stage's CPU and is thrown away when the test passes
    // (decision 0039): recorded on a retry (CI retries once); `--trace on` records one for every test.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, testMatch: withoutJavaScript, grep: /@without-javascript/ },
  ],
  // The store as deployed (cards on Paystack's hosted checkout), and a second one with cards entered on
  // the store's own page (PAYSTACK_CARD_MODE=direct, for PCI-DSS-certified merchants): e2e/servers.ts.
  webServer: [storeServer(port, "hosted"), storeServer(directCardPort, "direct")],
});

/** One store process on `serverPort`, each with its own embedded database, from one build. */
function storeServer(serverPort: number, cardMode: "hosted" | "direct"): Extract<PlaywrightTestConfig["webServer"], { command: string }> {
  const isFirst = cardMode === "hosted";
  return {
    // The first server builds (unless E2E_SKIP_BUILD); the second starts once the first answers, so from that build.
    command: skipBuild ? "node server/start.js" : isFirst ? "npx react-router build && node server/start.js" : `${waitForFirstServer} && node server/start.js`,
    url: `http://127.0.0.1:${serverPort}/healthz`,
    // A fresh embedded database initialises in up to ~20 s on a small machine, plus the build.
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      NODE_ENV: "production",
      SESSION_SECRET: "e2e-session-secret-not-for-production-use",
      // Production settings on the built-in Paystack sandbox (a production server must ask for it).
      PAYMENTS_SANDBOX: "true",
      BUILD_DIR: buildDirectory,
      DATA_DIR: isFirst ? dataDirectory : path.join(dataDirectory, "direct-card-store"),
      PORT: String(serverPort),
      PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      PAYSTACK_CARD_MODE: cardMode,
      HOST: "127.0.0.1",
      REQUEST_LOGS: "false",
      // Every browser test registers from 127.0.0.1; the per-address limit has its own API test.
      REGISTER_LIMIT_PER_HOUR: "10000",
      // The sandbox's mobile-money wallets answer within a test's time (e2e/payments.spec.ts).
      SANDBOX_MOMO_APPROVE_MS: "3000",
      SANDBOX_MOMO_ABANDON_MS: "20000",
      // Every browser test pays from 127.0.0.1, many with the same sandbox wallets (0551234987, ...): the
      // per-address and per-phone payment limits would refuse them. Those limits have their own tests
      // (app/features/payments/charge-limits.server.test.ts, app/routes/api.payment-limits.test.ts).
      CHARGE_ATTEMPTS_PER_IP_PER_HOUR: "100000",
      MOMO_PROMPTS_PER_PHONE_PER_HOUR: "100000",
      // Journeys share accounts across many orders and top-ups; the hourly allowances (issue #49) have their own API test.
      ORDERS_PER_CLIENT_PER_HOUR: "100000",
      TOP_UPS_PER_CLIENT_PER_HOUR: "100000",
      // No spot checks: a journey's worker withdraws what their first tasks earned. Spot checks have their own tests.
      SPOT_CHECK_FIRST_COMPLETIONS: "0",
      SPOT_CHECK_ONE_IN: "0",
      // Journeys side by side leave open tasks in this one store: a worker sees past other journeys' (SPEC: 10).
      AVAILABLE_TASKS_SHOWN: "50",
      // A worker's first task (₵0.45) can be withdrawn in e2e/payout-journey.spec.ts.
      PAYOUT_MINIMUM_CEDIS: "0.40",
      // The admin that approves workers in e2e/fulfilment.spec.ts.
      BOOTSTRAP_ADMIN_EMAIL: bootstrapAdmin.email,
      BOOTSTRAP_ADMIN_PASSWORD: bootstrapAdmin.password,
      // Support contacts: no phone line on the first store (a channel not configured is not shown), all three on the second.
      ...(isFirst ? e2eSupportContacts.store : e2eSupportContacts.directCardStore),
    },
  };
}
