import { createCookieSessionStorage } from "react-router";
import { z } from "zod";
import { firstPartyCookieOptions } from "~/features/auth/session.server";
import { catalogPlatforms, isValidQuantity } from "~/features/catalog/catalog";
import { checkoutKeySchema, targetUsernameSchema } from "~/features/orders/order-schema";
import type { CheckoutSelection } from "./checkout-draft";

/**
 * The checkout draft without JavaScript (or when the browser's storage refuses it): the same choice
 * kept by the server in a signed cookie that lasts for the browser session, as session storage
 * would. The screenshot is uploaded when the account is verified; the cookie holds its id.
 */
const checkoutCookieName = "smb_checkout";

const serverDraftSchema = z.object({
  platform: z.enum(catalogPlatforms),
  quantity: z.number().refine(isValidQuantity),
  username: targetUsernameSchema,
  screenshotUploadId: z.uuid(),
  checkoutKey: checkoutKeySchema,
});

let storage: ReturnType<typeof createDraftStorage> | undefined;

function createDraftStorage() {
  // No maxAge: a session cookie, gone when the browser closes.
  return createCookieSessionStorage<{ draft: unknown }>({ cookie: { name: checkoutCookieName, ...firstPartyCookieOptions() } });
}

function draftStorage() {
  storage ??= createDraftStorage();
  return storage;
}

export async function readServerDraft(request: Request): Promise<CheckoutSelection | null> {
  const session = await draftStorage().getSession(request.headers.get("Cookie"));
  const result = serverDraftSchema.safeParse(session.get("draft"));
  if (!result.success) return null;
  const { screenshotUploadId, ...choice } = result.data;
  return { ...choice, screenshot: { kind: "upload", uploadId: screenshotUploadId } };
}

/** A Set-Cookie value that keeps `selection` (whose screenshot is an upload) as the draft. */
export async function commitServerDraft(selection: CheckoutSelection & { screenshot: { kind: "upload"; uploadId: string } }): Promise<string> {
  const session = await draftStorage().getSession();
  const { screenshot, ...choice } = selection;
  session.set("draft", { ...choice, screenshotUploadId: screenshot.uploadId });
  return draftStorage().commitSession(session);
}

export async function clearServerDraft(request: Request): Promise<string> {
  const session = await draftStorage().getSession(request.headers.get("Cookie"));
  return draftStorage().destroySession(session);
}
