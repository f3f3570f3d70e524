import express, { type Response, type Router } from "express";
import type { createChargeOperations } from "./charges";
import { resolveCharge } from "./records";
import { keyPattern } from "./store";

/**
 * The sandbox's stand-in for a card's 3-D Secure page: a card that answers `open_url` sends the
 * payer to `<base URL>/3ds/:reference` (`data.url`). Visiting it authenticates the charge at once (the
 * charge then succeeds and its webhook follows) and links back to the store's payment status page,
 * which verifies the payment. A browser page, so unlike the API it needs no secret key: mount it
 * before the API router, which refuses every request without one. Visiting it again changes nothing.
 */
export interface ThreeDSecurePageOptions {
  charges: ReturnType<typeof createChargeOperations>;
  now: () => number;
}

export function createThreeDSecurePage({ charges, now }: ThreeDSecurePageOptions): Router {
  const router = express.Router();

  router.get("/:reference", async (request, response) => {
    const reference = String(request.params.reference);
    const record = keyPattern.test(reference) ? await charges.authenticate(reference) : undefined;
    if (!record) return sendPage(response.status(404), "Payment not found", "<p>This authentication link is unknown.</p>");

    const state = resolveCharge(record, now());
    // The store's status page on this same server (the sandbox runs inside it): it verifies the payment.
    const orderId = typeof record.metadata?.orderId === "number" ? String(record.metadata.orderId) : null;
    const query = new URLSearchParams({ ...(orderId ? { orderId } : {}), amount: (record.amount / 100).toFixed(2), currency: record.currency });
    const back = `<p><a href="${escape(`/payment-status/${encodeURIComponent(reference)}?${query}`)}">Return to the store</a></p>`;
    if (state.transactionStatus === "success" || state.transactionStatus === "reversed") {
      return sendPage(response, "Authentication complete, return to the store", `<p>Your bank has approved this payment.</p>${back}`);
    }
    if (state.transactionStatus === "failed") return sendPage(response, "Payment not authenticated", `<p>${escape(state.gatewayResponse)}</p>${back}`);
    sendPage(response, "Nothing to authenticate", `<p>This payment is not waiting for authentication.</p>${back}`);
  });

  return router;
}

function sendPage(response: Response, title: string, body: string) {
  response
    .set("Cache-Control", "no-store")
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} | Paystack sandbox</title></head>
<body><main><p>Paystack sandbox · 3-D Secure · test mode, no real money moves</p><h1>${escape(title)}</h1>
${body}
</main></body></html>`,
    );
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
