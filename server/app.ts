import type { PGlite } from "@electric-sql/pglite";
import express, { type ErrorRequestHandler, type Request as ExpressRequest } from "express";
import type { RequestListener } from "node:http";
import path from "node:path";
import { pinoHttp } from "pino-http";
import * as serverBuild from "virtual:react-router/server-build";
import { createAdminAccount } from "~/features/auth/accounts.server";
import { adminAccountSchema } from "~/features/auth/auth-schema";
import { ensureBootstrapAdmin } from "~/features/auth/bootstrap-admin.server";
import { emailTransport, outboxDirectory } from "~/features/mail/mail-delivery.server";
import { outboxPageAudience } from "~/features/mail/outbox-page-access.server";
import { checkLedger } from "~/features/ledger/ledger-check.server";
import { databaseUnavailableMessage, databaseUnavailableRetryAfterSeconds, isDatabaseUnavailable } from "~/lib/database/database-unavailable";
import { applyMigrations } from "~/lib/database/migrate.server";
import { getDatabase, getPrisma, openDatabase, setDatabase } from "~/lib/database/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { siteBaseUrl } from "~/lib/seo.server";
import { getSelfBaseUrl } from "~/lib/self-url.server";
import { PAYSTACK_SANDBOX_PATH, PAYSTACK_SANDBOX_SECRET_KEY, paymentModeOf, paystackCheckoutOrigins } from "~/features/paystack/paystack-client.server";
import { createPaystackSandbox } from "../sandbox/paystack/sandbox";
import { bodyGuards } from "./body-limits";
import { answerApiCallsBeforeExpress } from "./api-calls";
import { createApiRouteFinder } from "./api-routes";
import { answerHealthChecks } from "./health";
import { startBackgroundJobs } from "./jobs";
import { createPageCache } from "./page-cache";
import { loggablePath } from "./loggable-path";
import { answerPagesBeforeExpress } from "./page-calls";
import { createPageRouters, createRequestHandler } from "./request-handler";
import { createCspNonce, rejectCrossSiteWrites, rejectNulInUrls, sameSiteCheck, securityHeaders, securityHeaderTemplate } from "./security";
import { isFromTrustedProxy, visitorMarketVariation } from "./visitor-market";

/**
 * Everything a request passes through, bundled with the React Router build so pages, /api and
 * middleware ship as one module. `server/start.js` owns the HTTP listener and the process lifecycle.
 */
const env = getEnv();
const logger = getLogger();

export { env, logger };
/** server/start.js tells the app its own URL once it listens (the sandbox and its client use it). */
export { setSelfBaseUrl } from "~/lib/self-url.server";

/** live, test (an sk_test_ key) or sandbox: /healthz reports it and every page but a live one says "Test mode". */
const paymentMode = paymentModeOf(env);

/** DESIGN §5: without Paystack keys, payments go to the sandbox this server itself answers (env.server.ts allows that in production only with PAYMENTS_SANDBOX=true). */
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

/**
 * What server/start.js logs once it listens: the store's address, the one every link it hands out is
 * built from (e-mails, payment callbacks), and where its e-mails go.
 */
export function announceListening(port: number) {
  const address = siteBaseUrl();
  logger.info({ port, address }, `Social Media Boost is listening on port ${port}, at ${address}`);
  if (env.SMTP_URL) {
    logger.info({ mail: emailTransport().description }, `e-mails are sent through ${emailTransport().description}`);
    return;
  }
  const outbox = outboxDirectory();
  const page = outboxPageAudience(env);
  if (page.audience === "nobody") {
    logger.warn({ outbox }, `SMTP_URL is not set: e-mails (password resets, receipts) are only written as files under ${outbox} and nobody receives them; the outbox page is off: ${page.reason}`);
    return;
  }
  const outboxPage = `${address}/dev/outbox`;
  const reader = page.audience === "this machine" ? " in a browser on this machine" : "";
  logger.info({ outbox, outboxPage }, `SMTP_URL is not set: e-mails are not sent but written under ${outbox}; read them, links and all,${reader} at ${outboxPage}`);
}

/** Closes the database (and releases the embedded database's lock), once running jobs have finished. */
export async function shutdown() {
  await stopBackgroundJobs();
  await paystackSandbox?.stop();
  const database = getDatabase();
  setDatabase(undefined);
  await database.close();
}

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env.TRUST_PROXY);

const logRequest = env.REQUEST_LOGS
  ? pinoHttp({
      logger,
      // Only the path, without secrets (loggablePath); headers can carry tokens.
      serializers: {
        req: (request) => ({ id: request.id, method: request.method, path: loggablePath(request.url) }),
        res: (response) => ({ statusCode: response.statusCode }),
      },
    })
  : undefined;
if (logRequest) app.use(logRequest);

/** Every response's security headers for a CSP nonce, worked out once (server/security.ts). */
const securityHeadersWithNonce = securityHeaderTemplate({
  isDevelopment: env.NODE_ENV === "development",
  isHttps: env.PUBLIC_URL?.startsWith("https:") ?? false,
  paymentPageOrigins: paystackCheckoutOrigins(env),
});
app.use(...securityHeaders(securityHeadersWithNonce));

// Server-to-server JSON with its own Bearer key and body limit: before the browser-facing guards.
// The sandbox's hosted checkout is a browser page (no key): it comes first.
if (paystackSandbox) app.use(`${PAYSTACK_SANDBOX_PATH}/checkout`, paystackSandbox.checkoutPages);
if (paystackSandbox) app.use(`${PAYSTACK_SANDBOX_PATH}/3ds`, paystackSandbox.threeDSecurePage);
if (paystackSandbox) app.use(PAYSTACK_SANDBOX_PATH, paystackSandbox.router);

const bodyLimits = { jsonLimitBytes: env.JSON_BODY_LIMIT_BYTES, formLimitBytes: env.FORM_BODY_LIMIT_BYTES, uploadLimitBytes: env.UPLOAD_BODY_LIMIT_BYTES };
app.use(rejectNulInUrls());
app.use(rejectCrossSiteWrites({ publicUrl: env.PUBLIC_URL }));
app.use(bodyGuards(bodyLimits));

// Production only: stores rendered anonymous pages here; server/start.js serves them before Express
// (`serveCachedPages`). Development always renders.
const pageCache =
  env.NODE_ENV === "production"
    ? createPageCache({ variations: { market: visitorMarketVariation(app) }, createNonce: createCspNonce })
    : undefined;
if (pageCache) app.use(pageCache.storeRenderedPages);
/** The /api routes of the build, called past React Router's request pipeline (decision 0028). */
const findApiCall = createApiRouteFinder(serverBuild.routes);
/** Each page path's React Router, which knows only the routes the path can match (server/page-build.ts). */
const pageRouterAt = createPageRouters(serverBuild, env.NODE_ENV);

/** What loaders and actions get as `context`: this response's CSP nonce and who is asking. */
const loadContextFor = (request: ExpressRequest, cspNonce: string) => ({
  cspNonce,
  clientAddress: request.ip ?? request.socket.remoteAddress ?? "unknown",
  viaTrustedProxy: isFromTrustedProxy(app, request),
  peerAddress: request.socket.remoteAddress ?? "unknown",
});

/**
 * Wraps the process's request listener: health checks, /api calls (writes only when Express's guards
 * would pass them), cached anonymous pages and pages no cache may keep are answered before Express
 * runs. `servesFile`: whether server/start.js may serve the path as a static file, before the app.
 */
export const serveBeforeExpress = (listener: RequestListener, { servesFile }: { servesFile: (pathname: string) => boolean }): RequestListener => {
  const answerHealth = answerHealthChecks({
    sql: () => getDatabase().sql,
    report: { payments: paymentMode },
    securityHeaders: () => securityHeadersWithNonce(createCspNonce()),
    retryAfterSeconds: databaseUnavailableRetryAfterSeconds,
  });
  const answerApiCalls = answerApiCallsBeforeExpress({
    app,
    findApiCall,
    securityHeaders: securityHeadersWithNonce,
    logRequest,
    loadContextFor,
    handleError: (error, request, response) => handleUnexpectedError(error, request, response, () => {}),
    isSameSite: sameSiteCheck({ publicUrl: env.PUBLIC_URL }),
    bodyLimits,
  });
  // Production only, as the page cache: development renders each page with the build Vite has just made, through Express.
  const answerPages = !pageCache
    ? (next: RequestListener) => next
    : answerPagesBeforeExpress({
        app,
        pageRouterAt,
        servedBeforePages: (pathname) => servesFile(pathname) || isSandboxPath(pathname),
        securityHeaders: securityHeadersWithNonce,
        logRequest,
        loadContextFor,
        handleError: (error, request, response) => handleUnexpectedError(error, request, response, () => {}),
      });
  return answerHealth(answerApiCalls(answerPages(pageCache ? pageCache.serveCachedPages(listener) : listener)));
};

/** The Paystack sandbox's pages and API, mounted in Express when it runs (Express matches paths in any case). */
const isSandboxPath = (pathname: string) => paystackSandbox !== undefined && `${pathname.toLowerCase()}/`.startsWith(`${PAYSTACK_SANDBOX_PATH}/`);

app.all(
  "/{*splat}",
  createRequestHandler({
    build: serverBuild,
    mode: env.NODE_ENV,
    getLoadContext: (request, response) => loadContextFor(request, response.locals.cspNonce as string),
    findApiCall,
    pageRouterAt,
  }),
);

const handleUnexpectedError: ErrorRequestHandler = (error, request, response, _next) => {
  if (isDatabaseUnavailable(error) && !response.headersSent) {
    logger.warn({ err: error, path: loggablePath(request.originalUrl) }, "database unavailable: answered 503");
    response.status(503).set("Retry-After", String(databaseUnavailableRetryAfterSeconds)).set("Cache-Control", "no-store");
    if (request.path.startsWith("/api/")) response.json({ message: databaseUnavailableMessage });
    else response.type("text/plain").send(databaseUnavailableMessage);
    return;
  }
  // A middleware's own 503 (an overloaded moment, not a bug) keeps its status and says when to come back.
  const isOverloaded = error?.status === 503;
  const isClientError = typeof error?.status === "number" && error.status >= 400 && error.status < 500;
  if (isOverloaded) logger.warn({ err: error, path: loggablePath(request.originalUrl) }, "answered 503");
  // The client's mistake (a bad Host, a body that is no JSON): no stack, and no alarm for anyone.
  else if (isClientError) logger.warn({ status: error.status, reason: error.message, path: loggablePath(request.originalUrl) }, "refused a bad request");
  else logger.error({ err: error, path: loggablePath(request.originalUrl) }, "unhandled request error");
  if (response.headersSent) return response.end();
  const status = isOverloaded ? 503 : isClientError ? error.status : 500;
  const message =
    status === 500 ? "Something went wrong on our side. Please try again." : isOverloaded ? databaseUnavailableMessage : "The request could not be processed.";
  if (isOverloaded) response.set("Retry-After", String(Number.isInteger(error.retryAfterSeconds) ? error.retryAfterSeconds : databaseUnavailableRetryAfterSeconds)).set("Cache-Control", "no-store");
  if (request.path.startsWith("/api/")) response.status(status).json({ message });
  else response.status(status).type("text/plain").send(message);
};
app.use(handleUnexpectedError);

/** For `npm run check-ledger` (scripts/check-ledger.js) and the load test: the ledger's invariants. */
export async function checkLedgerInvariants() {
  return checkLedger(getPrisma());
}

/** For `npm run create-admin` (scripts/create-admin.js): validates, then creates the admin. */
export async function createAdmin(input: unknown) {
  return createAdminAccount(adminAccountSchema.parse(input));
}
