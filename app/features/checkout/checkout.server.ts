import { randomBytes } from "node:crypto";
import type { PublicUser } from "~/features/auth/accounts.server";
import { createOrder } from "~/features/orders/order-placement.server";
import { storeImage } from "~/features/uploads/uploads.server";
import { AppError } from "~/lib/errors";
import type { CheckoutSelection } from "./checkout-draft";
import { type AccountVerification, fileTooLargeNotice, screenshotLimitBytes } from "./verification-schema";

type UploadedSelection = CheckoutSelection & { screenshot: { kind: "upload"; uploadId: string } };

function assertClient(user: PublicUser) {
  if (user.role !== "client") throw new AppError(403, "forbidden", "Only clients can purchase packages.");
}

/**
 * The no-JavaScript account verification: stores the screenshot (checked by its bytes) and answers
 * the draft the server keeps until "Proceed to Payment".
 */
export async function verifyAccountForCheckout(user: PublicUser, verification: AccountVerification): Promise<UploadedSelection> {
  assertClient(user);
  const { screenshot } = verification;
  if (screenshot.size > screenshotLimitBytes) throw new AppError(413, "file_too_large", fileTooLargeNotice.description);
  const upload = await storeImage({ ownerId: user.id, purpose: "account_screenshot", bytes: new Uint8Array(await screenshot.arrayBuffer()) });
  return {
    platform: verification.platform,
    quantity: verification.quantity,
    username: verification.username,
    screenshot: { kind: "upload", uploadId: upload.id },
    checkoutKey: randomBytes(16).toString("hex"),
  };
}

/** "Proceed to Payment" on a draft the server keeps: at most one order per draft. */
export async function createOrderFromServerDraft(user: PublicUser, draft: UploadedSelection) {
  const { order } = await createOrder(
    user,
    {
      packageId: `custom-${draft.platform}`,
      platform: draft.platform,
      quantity: draft.quantity,
      targetUsername: draft.username,
      accountScreenshot: null,
      checkoutKey: draft.checkoutKey,
    },
    { screenshotUploadId: draft.screenshot.uploadId },
  );
  return order;
}
