import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

// Packages that must only ever run on the server: keeping them out of Vite's dependency optimiser
// stops dev from reloading itself when they are first imported.
const serverOnlyPackages = [
  "@electric-sql/pglite",
  "pglite-prisma-adapter",
  "@prisma/adapter-pg",
  "@prisma/client",
  "pg",
  "pino",
  "pino-http",
  "helmet",
  "express",
];

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, so pages, /api and middleware ship as one bundle.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : undefined,
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  optimizeDeps: { exclude: serverOnlyPackages },
  server: { watch: { ignored: ["**/data/**", "**/test-results/**", "**/playwright-report/**"] } },
}));
