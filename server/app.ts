import type { PGlite } from "@electric-sql/pglite";
import compression from "compression";
import express from "express";
import fs from "node:fs";
import path from "node:path";
import { pinoHttp } from "pino-http";
import { createRequestHandler, type ServerBuild } from "react-router";
import serveStatic from "serve-static";
import * as serverBuild from "virtual:react-router/server-build";
import { ensureBootstrapAdmin } from "~/features/auth/bootstrap-admin.server";
import { announceMailDelivery } from "~/features/mail/mail-announcement.server";
import { databaseUnavailableRetryAfterSeconds } from "~/lib/database/database-unavailable";
import { applyMigrations } from "~/lib/database/migrate.server";
import { getDatabase, openDatabase, setDatabase } from "~/lib/database/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { siteBaseUrl } from "~/lib/seo.server";
import { getSelfBaseUrl } from "~/lib/self-url.server";
import { PAYSTACK_SANDBOX_PATH, PAYSTACK_SANDBOX_SECRET_KEY, paymentModeOf, paystackCheckoutOrigins } from "~/features/paystack/paystack-client.server";
import { createPaystackSandbox } from "../sandbox/paystack/sandbox";
import { bodyGuards } from "./body-limits";
import { type Link, chainOf } from "./chain";
import { healthCheck } from "./health";
import { startBackgroundJobs } from "./jobs";
import { loggablePath } from "~/lib/loggable-path";
import { createPageCache } from "./page-cache";
import { type FetchHandler, reactRouterHandler } from "./react-router-handler";
import { pathOf } from "./refusal";
import { compileProxyTrust } from "./request-address";
import { isApiPath, routeTables } from "./route-tables";
import { rejectCrossSiteWrites, rejectUnroutableRequests, securityHeaders } from "./security";
import { visitorMarketVariation } from "~/features/geo/visitor-market.server";

/**
 * The app: its request chain (createApp) and its life (prepare, shutdown), bundled with the React
 * Router build as one module. `server/start.js` owns the HTTP listener and the process.
 */
const env = getEnv();
const logger = getLogger();

export { env, logger };
/** server/start.js tells the app its own URL once it listens (the sandbox and its client use it). */
export { setSelfBaseUrl } from "~/lib/self-url.server";
/** For the scripts: `npm run check-ledger` (and the load test) and `npm run create-admin`. */
export { checkLedger as checkLedgerInvariants } from "~/features/ledger/ledger-check.server";
export { createAdminAccount as createAdmin } from "~/features/auth/accounts.server";

/** Without Paystack keys, payments go to the sandbox this server answers itself (in production only with PAYMENTS_SANDBOX=true). */
const paystackSandbox = env.PAYSTACK_SECRET_KEY
  ? undefined
  : createPaystackSandbox({
      secretKey: PAYSTACK_SANDBOX_SECRET_KEY,
      webhookUrl: () => `${getSelfBaseUrl()}/api/paystack/webhook`,
      stateDir: path.join(env.DATA_DIR, "paystack-sandbox"),
      momoApproveMs: env.SANDBOX_MOMO_APPROVE_MS,
      momoAbandonMs: env.SANDBOX_MOMO_ABANDON_MS,
      // Its pages' address as a browser reaches it: the store's, which payment callbacks must also be on.
      pagesOrigin: () => siteBaseUrl(),
      logger,
    });

/**
 * Opens (and migrates) the database. Called once before the server listens; a one-off command
 * (scripts/with-app.js) passes `{ background: false }`: no jobs, no sandbox. An HTTP test's server
 * inside the test process passes the embedded database it made from a template (`pglite`).
 */
export async function prepare({ background = true, pglite }: { background?: boolean; pglite?: PGlite } = {}) {
  const database = await openDatabase(pglite ? { pglite } : env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  setDatabase(database);
  const applied = await applyMigrations(database.sql);
  if (applied.length > 0) logger.info({ migrations: applied }, "applied database migrations");
  if (env.BOOTSTRAP_ADMIN_EMAIL && env.BOOTSTRAP_ADMIN_PASSWORD) {
    const bootstrap = await ensureBootstrapAdmin({ email: env.BOOTSTRAP_ADMIN_EMAIL, password: env.BOOTSTRAP_ADMIN_PASSWORD });
    if (bootstrap.outcome === "created") logger.info({ email: bootstrap.email }, "created the bootstrap admin account");
    if (bootstrap.outcome === "conflict") logger.warn({ reason: bootstrap.message }, "could not create the bootstrap admin account");
  }
  if (!background) return;
  stopBackgroundJobs = startBackgroundJobs(logger);
  await paystackSandbox?.start();
}

let stopBackgroundJobs: () => Promise<void> = async () => {};

/** What server/start.js logs once it listens: the store's address, the one every link it hands out is built from, and where its e-mails go. */
export function announceListening(port: number) {
  const address = siteBaseUrl();
  logger.info({ port, address }, `Social Media Boost is listening on port ${port}, at ${address}`);
  announceMailDelivery(logger, env, address);
}

/** Closes the database (and releases the embedded database's lock), once running jobs have finished. */
export async function shutdown() {
  await stopBackgroundJobs();
  await paystackSandbox?.stop();
  const database = getDatabase();
  setDatabase(undefined);
  await database.close();
}

/**
 * The request chain: every request, whatever answers it, passes these links in this order, and each
 * concern has one link. `serveFiles` serves the client build (Vite's middleware in development);
 * `build` is React Router's (a loader of it in development); `extraHeaders` go on every response.
 */
export function createApp({ serveFiles, build = serverBuild, extraHeaders }: { serveFiles: Link; build?: ServerBuild | (() => Promise<ServerBuild>); extraHeaders?: [string, string][] }) {
  const trust = compileProxyTrust(env.TRUST_PROXY);
  const render = reactRouter(build);
  // Production only: development renders each page with the build Vite has just made.
  const pageCache = env.NODE_ENV === "production" ? createPageCache({ variations: { market: visitorMarketVariation() }, trust }) : undefined;
  const links: (Link | false)[] = [
    env.REQUEST_LOGS && requestLog,
    securityHeaders({ isDevelopment: env.NODE_ENV === "development", isHttps: env.PUBLIC_URL?.startsWith("https:") ?? false, paymentPageOrigins: paystackCheckoutOrigins(env), extraHeaders }),
    compression() as unknown as Link,
    rejectUnroutableRequests,
    healthCheck({ sql: () => getDatabase().sql, report: { payments: paymentModeOf(env) }, retryAfterSeconds: databaseUnavailableRetryAfterSeconds }),
    serveFiles,
    // Paystack's stand-in is another service's API in this process: its calls carry its own key and are read by its own parsers.
    paystackSandbox !== undefined && sandboxPages(paystackSandbox),
    rejectCrossSiteWrites({ publicUrl: env.PUBLIC_URL, trust }),
    bodyGuards({ jsonLimitBytes: env.JSON_BODY_LIMIT_BYTES, formLimitBytes: env.FORM_BODY_LIMIT_BYTES, uploadLimitBytes: env.UPLOAD_BODY_LIMIT_BYTES }),
    pageCache?.serveStored ?? false,
    reactRouterHandler({ handle: pageCache ? pageCache.keepAnswers(render) : render, trust }),
  ];
  return chainOf(links.filter((link) => link !== false));
}

/** React Router's request handler; a production build is split into its two route tables. */
function reactRouter(build: ServerBuild | (() => Promise<ServerBuild>)): FetchHandler {
  if (typeof build === "function") return createRequestHandler(build, env.NODE_ENV);
  const tables = routeTables(build);
  const api = createRequestHandler(tables.api, env.NODE_ENV);
  const pages = createRequestHandler(tables.pages, env.NODE_ENV);
  return (request, context) => (isApiPath(new URL(request.url).pathname) ? api : pages)(request, context);
}

const requestLog: Link = pinoHttp({
  logger,
  // Only the path, without secrets (loggablePath); headers can carry tokens.
  serializers: {
    req: (request) => ({ id: request.id, method: request.method, path: loggablePath(request.url) }),
    res: (response) => ({ statusCode: response.statusCode }),
  },
});

/** Paystack's stand-in, an Express app of its own: its browser pages (hosted checkout, 3-D Secure) and its API, which checks its own secret key. */
function sandboxPages(sandbox: NonNullable<typeof paystackSandbox>): Link {
  const sandboxApp = express();
  sandboxApp.disable("x-powered-by");
  sandboxApp.use(`${PAYSTACK_SANDBOX_PATH}/checkout`, sandbox.checkoutPages);
  sandboxApp.use(`${PAYSTACK_SANDBOX_PATH}/3ds`, sandbox.threeDSecurePage);
  sandboxApp.use(PAYSTACK_SANDBOX_PATH, sandbox.router);
  const answer = sandboxApp as unknown as Link;
  return (request, response, next) => (`${pathOf(request).toLowerCase()}/`.startsWith(`${PAYSTACK_SANDBOX_PATH}/`) ? answer(request, response, next) : next());
}

/**
 * The client build's files: fingerprinted assets, which never change, and the few files at the top
 * of the build (favicon.svg, …). Only a request under one of those names touches the disk.
 */
export function staticFiles(clientDirectory: string): Link {
  const assets = serveStatic(clientDirectory, { immutable: true, maxAge: "1y", index: false });
  const topLevelFiles = serveStatic(clientDirectory, { maxAge: "1h", index: false });
  const topLevelNames = new Set(fs.existsSync(clientDirectory) ? fs.readdirSync(clientDirectory) : []);
  topLevelNames.delete("assets");
  return (request, response, next) => {
    const path = pathOf(request);
    if (path.startsWith("/assets/")) return assets(request, response, next);
    return topLevelNames.has(path.slice(1)) ? topLevelFiles(request, response, next) : next();
  };
}
