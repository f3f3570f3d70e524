import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/*
 * Vitest runs without the React Router plugin: tests import services and helpers directly, and HTTP
 * tests serve the production build (npm run build first). Three tiers, by file name (README, "Tests"):
 *
 * - unit, `*.test.ts`: no database, no server process; run once.
 * - database, `*.db.test.ts`: a database of their own (server/testing/in-process-server.ts for HTTP
 *   tests): PGlite by default, PostgreSQL with TEST_DATABASE_URL; `npm test` runs them on both.
 * - process, `*.process.test.ts`: the server process itself is the subject (restarts, kill -9,
 *   outages, start-up refusals, several processes); run once.
 *
 * `npx vitest run --project unit --project database` picks tiers; scripts/test-tiers.test.ts keeps
 * each file in the tier its imports say.
 */
const tiers = {
  unit: { include: ["**/*.test.{ts,tsx}"], exclude: ["**/*.db.test.{ts,tsx}", "**/*.process.test.{ts,tsx}"] },
  database: { include: ["**/*.db.test.{ts,tsx}"], exclude: [] },
  process: { include: ["**/*.process.test.{ts,tsx}"], exclude: [] },
};
const roots = ["app", "server", "scripts", "sandbox"];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    environment: "node",
    // Services log through pino; tests that provoke errors on purpose need not print them. No spot
    // checks unless a test asks for them (app/features/deliveries/spot-checks.server.db.test.ts).
    env: { LOG_LEVEL: "silent", SPOT_CHECK_FIRST_COMPLETIONS: "0", SPOT_CHECK_ONE_IN: "0" },
    pool: "forks",
    // One process runs many files (importing the app once), each from a fresh environment: app/test/fresh-file.ts.
    isolate: false,
    setupFiles: ["app/test/fresh-file.ts"],
    // A worker per CPU, not Vitest's CPUs − 1: database tests wait on timers, sockets and PostgreSQL
    // part of the time. On 2 CPUs, unit + database on PGlite took 160 s with 2 workers, 167 s with 3
    // (decision 0038).
    maxWorkers: os.availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Node loads these itself, as server/start.js does: a test server in the test process
    // (server/testing/in-process-server.ts) gets a fresh instance of the production build per server.
    server: { deps: { external: [/\/server\/store\.js$/] } },
    projects: Object.entries(tiers).map(([name, { include, exclude }]) => ({
      extends: true,
      test: {
        name,
        include: roots.flatMap((root) => include.map((pattern) => `${root}/${pattern}`)),
        exclude: ["**/node_modules/**", ...exclude],
      },
    })),
  },
});
