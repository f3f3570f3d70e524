import { randomBytes } from "node:crypto";
import type { PublicUser } from "~/features/auth/index.server";
import type { CatalogService } from "~/features/catalog";
import { createOrder } from "~/features/orders/index.server";
import type { OrderTarget } from "~/features/orders";
import { storeImage } from "~/features/uploads/index.server";
import { AppError } from "~/lib/errors";
import { type CheckoutSelection, selectionOf } from "./checkout-draft";
import { type AccountVerification, fileTooLargeNotice, screenshotLimitBytes } from "./verification-schema";

function assertClient(user: PublicUser) {
  if (user.role !== "client") throw new AppError(403, "forbidden", "Only clients can purchase packages.");
}

const newCheckoutKey = () => randomBytes(16).toString("hex");

/**
 * The no-JavaScript account verification of a profile service: stores the screenshot (checked by
 * its bytes) and answers the draft the server keeps until "Proceed to Payment".
 */
export async function verifyAccountForCheckout(user: PublicUser, service: CatalogService, verification: AccountVerification): Promise<CheckoutSelection> {
  assertClient(user);
  const { screenshot } = verification;
  if (screenshot.size > screenshotLimitBytes) throw new AppError(413, "file_too_large", fileTooLargeNotice.description);
  const upload = await storeImage({ ownerId: user.id, purpose: "account_screenshot", bytes: new Uint8Array(await screenshot.arrayBuffer()) });
  const target: OrderTarget = { quantity: verification.quantity, targetUsername: verification.username, commentLines: [] };
  return selectionOf(service, target, { kind: "upload", uploadId: upload.id }, newCheckoutKey());
}

/** The no-JavaScript "Complete Your Order" of a post service: its checked link (and comments), kept by the server. */
export function postTargetForCheckout(user: PublicUser, service: CatalogService, target: OrderTarget): CheckoutSelection {
  assertClient(user);
  return selectionOf(service, target, null, newCheckoutKey());
}

/** "Proceed to Payment" on a draft the server keeps: at most one order per draft. */
export async function createOrderFromServerDraft(user: PublicUser, draft: CheckoutSelection) {
  if (draft.screenshot?.kind === "data-url") throw new Error("The server's draft keeps an uploaded screenshot");
  const { order } = await createOrder(
    user,
    {
      packageId: draft.serviceId,
      quantity: draft.quantity,
      ...(draft.postUrl === null ? { targetUsername: draft.username } : { targetUrl: draft.postUrl }),
      ...(draft.comments.length > 0 ? { comments: draft.comments } : {}),
      accountScreenshot: null,
      checkoutKey: draft.checkoutKey,
    },
    draft.screenshot ? { screenshotUploadId: draft.screenshot.uploadId } : {},
  );
  return order;
}
