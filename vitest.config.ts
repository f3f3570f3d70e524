import path from "node:path";
import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin: tests import services and helpers directly, and
// HTTP tests start the built server as a real process.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "sandbox/**/*.test.ts"],
    environment: "node",
    // Services log through pino; tests that provoke errors on purpose need not print them.
    env: { LOG_LEVEL: "silent" },
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
