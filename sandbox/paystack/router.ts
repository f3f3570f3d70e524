import { timingSafeEqual } from "node:crypto";
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Router } from "express";
import type { createChargeOperations } from "./charges";
import { type Reply, refuse } from "./context";
import type { createTransferOperations } from "./transfers";
import type { SandboxLogger } from "./webhooks";

export interface SandboxRouterOptions {
  secretKey: string;
  charges: ReturnType<typeof createChargeOperations>;
  transfers: ReturnType<typeof createTransferOperations>;
  resendWebhook(reference: string): Promise<Reply>;
  logger: SandboxLogger;
  /**
   * The origin payers' browsers reach the sandbox's pages at (the store's public address); by default
   * the one this API call came to. When set, callback_urls must be on it: the checkout page sends the
   * payer there from the store's own origin, so another origin would make it an open redirect.
   */
  pagesOrigin?: () => string | undefined;
}

/** Paystack's paths (server-to-server JSON, Bearer secret key), plus the sandbox's test controls. */
export function createSandboxRouter({ secretKey, charges, transfers, resendWebhook, logger, pagesOrigin }: SandboxRouterOptions): Router {
  const router = express.Router();
  router.use(requireSecretKey(secretKey));
  router.use(express.json({ limit: "100kb" }));

  const answer =
    (operation: (request: Request) => Promise<Reply>): RequestHandler =>
    async (request, response) => {
      const reply = await operation(request);
      response.status(reply.status).set("Cache-Control", "no-store").json(reply.body);
    };
  const reference = (request: Request) => String(request.params.reference);

  router.post(
    "/transaction/initialize",
    answer((request) =>
      callbackElsewhere(request.body, pagesOrigin?.()) ??
      charges.initialize(request.body, (accessCode, callbackUrl) => {
        // The checkout page is on this server; the payer's browser reaches it at the store's public
        // address (pagesOrigin) or else the callback's origin, which this server-to-server request
        // does not show. pagesOrigin first: with several store processes on one sandbox, the
        // callback may name another process, which has no sandbox.
        const origin = pagesOrigin?.() ?? (callbackUrl ? new URL(callbackUrl).origin : `${request.protocol}://${request.get("host")}`);
        return `${origin}${request.baseUrl}/checkout/${accessCode}`;
      }),
    ),
  );
  router.post(
    "/charge",
    answer((request) =>
      // The 3-D Secure page (three-d-secure-page.ts) is mounted at `<base URL>/3ds` on this server.
      charges.charge(request.body, (chargeReference) => `${pagesOrigin?.() ?? `${request.protocol}://${request.get("host")}`}${request.baseUrl}/3ds/${encodeURIComponent(chargeReference)}`),
    ),
  );
  router.post("/charge/submit_pin", answer((request) => charges.submit("pin", request.body)));
  router.post("/charge/submit_otp", answer((request) => charges.submit("otp", request.body)));
  router.post("/charge/submit_phone", answer((request) => charges.submit("phone", request.body)));
  router.post("/charge/submit_birthday", answer((request) => charges.submit("birthday", request.body)));
  router.post("/charge/submit_address", answer((request) => charges.submit("address", request.body)));
  router.get("/charge/:reference", answer((request) => charges.checkPending(reference(request))));
  router.get("/transaction/verify/:reference", answer((request) => charges.verify(reference(request))));
  router.post("/refund", answer((request) => charges.refund(request.body)));
  router.get("/refund/:id", answer((request) => charges.fetchRefund(String(request.params.id))));
  router.post("/transferrecipient", answer((request) => transfers.createRecipient(request.body)));
  router.post("/transfer", answer((request) => transfers.initiate(request.body)));
  router.post("/transfer/finalize_transfer", answer((request) => transfers.finalize(request.body)));
  router.post("/transfer/resend_otp", answer((request) => transfers.resendOtp(request.body)));
  router.get("/transfer/verify/:reference", answer((request) => transfers.verify(reference(request))));
  router.post("/_control/webhooks/:reference/resend", answer((request) => resendWebhook(reference(request))));

  router.use((_request, response) => {
    response.status(404).json({ status: false, message: "This Paystack endpoint is not part of the sandbox" });
  });

  const handleError: ErrorRequestHandler = (error, request, response, _next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) logger.warn({ err: error, path: request.path }, "Paystack sandbox: request failed");
    const message = error?.type === "entity.parse.failed" ? "Invalid JSON body" : status === 413 ? "Request body is too large" : status === 500 ? "Sandbox error" : "Invalid request";
    response.status(status).json({ status: false, message });
  };
  router.use(handleError);
  return router;
}

function requireSecretKey(secretKey: string): RequestHandler {
  const expected = Buffer.from(`Bearer ${secretKey}`);
  return (request, response, next) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
    response.status(401).json({ status: false, message: "Invalid key" });
  };
}

/** A refusal of a callback_url off the store's origin, or undefined (the initialize call's own checks then apply). */
function callbackElsewhere(body: unknown, storeOrigin: string | undefined): Promise<Reply> | undefined {
  const callbackUrl = (body as { callback_url?: unknown } | null)?.callback_url;
  if (!storeOrigin || typeof callbackUrl !== "string" || !URL.canParse(callbackUrl)) return undefined;
  const allowed = new URL(storeOrigin).origin;
  if (new URL(callbackUrl).origin === allowed) return undefined;
  return Promise.resolve(refuse(`Invalid callback_url: send an address on ${allowed}`));
}
