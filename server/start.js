// The process entry: loads the app (Vite in dev, the build otherwise), prepares the database,
// listens, and shuts down gracefully. Plain JavaScript so production runs with no compiler.
import http from "node:http";
import path from "node:path";
import { applyLocalRunDefaults } from "../app/lib/local-secret.js";
import { loopbackUrl, openStore } from "./store.js";

const isDevelopment = process.argv.includes("--dev");
if (isDevelopment) {
  process.env.NODE_ENV ??= "development";
} else {
  applyLocalRunDefaults();
}

let store;
try {
  store = await openStore({ isDevelopment, buildDirectory: path.resolve(process.env.BUILD_DIR || "build") });
} catch (error) {
  // Configuration and lock problems are the operator's to fix: say what is wrong, no stack trace.
  const isOperatorError = error?.name === "EnvError" || error?.name === "DataDirectoryLockedError";
  console.error(isOperatorError ? error.message : error);
  process.exit(1);
}

const { appModule } = store;
const { env, logger } = appModule;
const httpServer = http.createServer(store.listener);
// Idle kept-alive connections outlive the 60 s of common proxies, so the other side closes first
// (Node's 5 s would reset a request sent as it closes); headersTimeout must exceed keepAliveTimeout.
httpServer.keepAliveTimeout = 65_000;
httpServer.headersTimeout = 66_000;
httpServer.listen(env.PORT, env.HOST, () => {
  const address = httpServer.address();
  appModule.setSelfBaseUrl(loopbackUrl(env.HOST, address.port));
  appModule.announceListening(address.port);
});

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
