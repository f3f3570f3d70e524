import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { createLogger, defineConfig, type Logger, normalizePath, type Rollup } from "vite";

const appDirectory = normalizePath(path.resolve(import.meta.dirname, "app"));

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

/*
 * Client chunks. Left alone, Rollup splits what every page loads into a dozen small files, each
 * compressed on its own. Instead:
 * - `framework`: React and React Router, which change only with an upgrade (React DOM stays in the
 *   entry chunk, which needs it first);
 * - `shell`: every app module that app/root.tsx imports, directly or not (layout, header, footer,
 *   theme, tooltip, button, icons…): one request, and one gzip dictionary for all their Tailwind
 *   classes (~2.5 kB gzip less than separate files);
 * - everything else (route modules and what only they import) as Rollup decides.
 * Budget: GET / loads < 120 kB of JavaScript (gzip), of which React DOM + React Router are ~112 kB;
 * `npm run bench` measures it. Keep what only some pages need out of the shell.
 */
const frameworkModule = /[\\/]node_modules[\\/](react|react-router|scheduler)[\\/]/;
const rootModule = /[\\/]app[\\/]root\.tsx(\?|$)/;

function clientChunk(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  if (frameworkModule.test(id)) return "framework";
  if (id.includes("?") || id.includes("node_modules") || !id.startsWith(appDirectory)) return undefined;
  // In the shell when a chain of static imports leads to it from app/root.tsx (dynamic imports do not count).
  const seen = new Set<string>();
  const pending = [id];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (rootModule.test(current)) return "shell";
    if (seen.has(current)) continue;
    seen.add(current);
    pending.push(...(getModuleInfo(current)?.importers ?? []));
  }
  return undefined;
}

/*
 * Build warnings that say nothing about our code, so a newcomer's build prints only what matters:
 * - EMPTY_BUNDLE: every resource route (app/routes/api.*) has no browser code, so the client build
 *   makes an empty chunk for each one by design;
 * - INVALID_ANNOTATION in node_modules: a dependency's comment Rollup drops (zod's `@__PURE__` notes).
 */
function onBuildWarning(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction) {
  if (warning.code === "EMPTY_BUNDLE") return;
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
  warn(warning);
}

/*
 * The build's list of files without a line for each empty chunk. React Router makes a browser module
 * for every route, and a resource route (app/routes/api.*) has no browser code, so the client build
 * lists a "0.00 kB" file for each of them; one line counts them instead. Only those lines are dropped:
 * every other line, warning and error passes as Vite writes it.
 */
const emptyChunkLine = /^\S+\.js\s+0\.00 kB(\s|$)/;

function buildLogger(): Logger {
  const logger = createLogger();
  const info = logger.info.bind(logger);
  let emptyChunks = 0;
  logger.info = (message, options) => {
    const text = stripVTControlCharacters(message);
    if (emptyChunkLine.test(text)) {
      emptyChunks += 1;
      return;
    }
    if (emptyChunks > 0 && !text.startsWith("build/")) {
      info(`(and ${emptyChunks} empty chunks, not listed: one per route with no browser code, such as /api/*)`, options);
      emptyChunks = 0;
    }
    info(message, options);
  };
  return logger;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  customLogger: command === "build" ? buildLogger() : undefined,
  build: isSsrBuild
    ? // The server build's entry is our Express app, so pages, /api and middleware ship as one bundle.
      { rollupOptions: { input: "./server/app.ts", onwarn: onBuildWarning }, target: "node20" }
    : { rollupOptions: { output: { manualChunks: clientChunk }, onwarn: onBuildWarning } },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  optimizeDeps: { exclude: serverOnlyPackages },
  server: { watch: { ignored: ["**/data/**", "**/test-results/**", "**/playwright-report/**"] } },
}));
