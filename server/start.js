// The process entry: loads the app (Vite in dev, the build otherwise), prepares the database,
// listens, and shuts down gracefully. Plain JavaScript so production runs with no compiler.
// First, before React is loaded: its renderer must find the storage this gives it.
import "./react-render-storage.js";
import compression from "compression";
import express from "express";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { applyLocalRunDefaults } from "../app/lib/local-secret.js";

const isDevelopment = process.argv.includes("--dev");
if (isDevelopment) {
  process.env.NODE_ENV ??= "development";
} else {
  applyLocalRunDefaults();
}

const server = express();
server.disable("x-powered-by");
server.use(compression());

let loadAppModule;
/** Whether a path may be a file of the client build, served here before the app (so not a page the app answers first). */
let servesFile = () => true;
if (isDevelopment) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  loadAppModule = () => viteDevServer.ssrLoadModule("./server/app.ts");
} else {
  const buildDirectory = path.resolve(process.env.BUILD_DIR || "build");
  const serverBuild = pathToFileURL(path.join(buildDirectory, "server/index.js")).href;
  loadAppModule = () => import(serverBuild);
  // Fingerprinted assets never change; everything else in the client build may.
  const clientDirectory = path.join(buildDirectory, "client");
  server.use("/assets", express.static(path.join(clientDirectory, "assets"), { immutable: true, maxAge: "1y", index: false }));
  // The other client files (favicon.svg, …) sit at the top of the client build: only requests under
  // one of those names go to the disk. Checking it for every page and /api request cost a stat()
  // each (issue #9).
  const clientFiles = express.static(clientDirectory, { maxAge: "1h", index: false });
  const clientTopLevelNames = new Set(fs.existsSync(clientDirectory) ? fs.readdirSync(clientDirectory) : []);
  const isClientFileName = (name) => name === undefined || clientTopLevelNames.has(name);
  server.use((request, response, next) => (isClientFileName(firstPathSegment(request.path)) ? clientFiles(request, response, next) : next()));
  // Express mounts /assets in any case.
  servesFile = (pathname) => isClientFileName(firstPathSegment(pathname)) || firstPathSegment(pathname).toLowerCase() === "assets";
}

let appModule;
try {
  appModule = await loadAppModule();
  await appModule.prepare();
} catch (error) {
  // Configuration and lock problems are the operator's to fix: say what is wrong, no stack trace.
  const isOperatorError = error?.name === "EnvError" || error?.name === "DataDirectoryLockedError";
  console.error(isOperatorError ? error.message : error);
  process.exit(1);
}

const { env, logger } = appModule;
server.use(isDevelopment ? async (request, response, next) => (await loadAppModule()).app(request, response, next) : appModule.app);

// Health checks, most /api calls, cached anonymous pages and signed-in pages are answered before
// Express (server/app.ts's serveBeforeExpress); everything else goes to `server`.
const httpServer = http.createServer(appModule.serveBeforeExpress(server, { servesFile }));
// Node closes an idle kept-alive connection after 5 s; a client or proxy that sends its next request
// on it at that moment gets a reset (a 502 behind a proxy). The load test (npm run test:load) met
// such resets on a busy machine. Idle connections are kept longer than the 60 s of common proxies
// and load balancers, so the other side closes first; headersTimeout must exceed keepAliveTimeout.
httpServer.keepAliveTimeout = 65_000;
httpServer.headersTimeout = 66_000;
httpServer.listen(env.PORT, env.HOST, () => {
  const address = httpServer.address();
  appModule.setSelfBaseUrl(loopbackUrl(env.HOST, address.port));
  logger.info({ port: address.port }, `Social Media Boost is listening on http://localhost:${address.port}`);
});

/** The decoded first segment of a URL path ("favicon.svg" of "/favicon.svg"); undefined when it does not decode. */
function firstPathSegment(pathname) {
  const segment = pathname.split("/", 2)[1] ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** How this process reaches itself (the Paystack sandbox and its webhooks): loopback unless bound to one address. */
function loopbackUrl(host, port) {
  const isAnyAddress = host === "0.0.0.0" || host === "::" || host === "";
  const hostname = isAnyAddress ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${hostname}:${port}`;
}

let isShuttingDown = false;
async function shutDown(signal) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  logger.info({ signal }, "shutting down: finishing in-flight requests");
  const forceExit = setTimeout(() => {
    logger.error("in-flight requests did not finish in time; exiting");
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS);
  forceExit.unref();
  // Stop accepting, let running requests finish; idle keep-alive sockets close now, and the others as
  // soon as their answer is sent (kept-alive connections would otherwise hold close() for 65 s).
  const closeIdle = setInterval(() => httpServer.closeIdleConnections(), 100);
  await new Promise((resolve) => {
    httpServer.close(resolve);
    httpServer.closeIdleConnections();
  });
  clearInterval(closeIdle);
  await appModule.shutdown();
  logger.info("shut down cleanly");
  process.exit(0);
}
process.on("SIGTERM", () => shutDown("SIGTERM"));
process.on("SIGINT", () => shutDown("SIGINT"));
