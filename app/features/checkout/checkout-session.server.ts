import { createCookieSessionStorage } from "react-router";
import { z } from "zod";
import { firstPartyCookieOptions } from "~/features/auth/index.server";
import type { CatalogService } from "~/features/catalog";
import { checkoutKeySchema } from "~/features/orders";
import { AppError } from "~/lib/errors";
import { type CheckoutSelection, checkedSelection, type ServiceLookup } from "./checkout-draft";

/**
 * The checkout draft without JavaScript (or when the browser's storage refuses it): the same choice
 * kept by the server in a signed cookie that lasts for the browser session, as session storage
 * would. A profile service's screenshot is uploaded when the account is verified; the cookie holds
 * its id. A post service's link and comments are kept as they are (checked again when read).
 */
const checkoutCookieName = "smb_checkout";

const serverDraftSchema = z.object({
  serviceId: z.string().max(64),
  quantity: z.number(),
  username: z.string().optional(),
  postUrl: z.string().nullish(),
  comments: z.array(z.string()).optional(),
  screenshotUploadId: z.uuid().nullish(),
  checkoutKey: checkoutKeySchema,
});

/**
 * Browsers keep a cookie of up to 4,096 bytes (name and attributes included): a draft must fit in
 * less, signed and encoded. Only a long list of comments can pass it.
 */
const cookieLimitBytes = 4000;
export const draftTooLargeMessage = "These comments are too long to keep without JavaScript. Turn JavaScript on, or send fewer or shorter comments.";

let storage: ReturnType<typeof createDraftStorage> | undefined;

function createDraftStorage() {
  // No maxAge: a session cookie, gone when the browser closes.
  return createCookieSessionStorage<{ draft: unknown }>({ cookie: { name: checkoutCookieName, ...firstPartyCookieOptions() } });
}

function draftStorage() {
  storage ??= createDraftStorage();
  return storage;
}

export type ServerDraft = z.output<typeof serverDraftSchema>;

/** The draft the server keeps as stored, or null (payments clear it once the order is paid). */
export async function readServerDraft(request: Request): Promise<ServerDraft | null> {
  const session = await draftStorage().getSession(request.headers.get("Cookie"));
  const result = serverDraftSchema.safeParse(session.get("draft"));
  return result.success ? result.data : null;
}

/** The server's draft checked against its service in the catalogue (null if none, or it is no longer on sale). */
export async function readServerSelection(request: Request, findService: ServiceLookup): Promise<{ selection: CheckoutSelection; service: CatalogService } | null> {
  const draft = await readServerDraft(request);
  if (!draft) return null;
  const { serviceId, quantity, username, postUrl, comments, screenshotUploadId, checkoutKey } = draft;
  const service = findService(serviceId);
  if (!service?.active) return null;
  const screenshot = screenshotUploadId ? { kind: "upload" as const, uploadId: screenshotUploadId } : null;
  const selection = checkedSelection(service, { quantity, username, link: postUrl, comments, screenshot, checkoutKey });
  return selection ? { selection, service } : null;
}

/** A Set-Cookie value that keeps `selection` (a profile's screenshot already uploaded) as the draft; 413 when it cannot fit. */
export async function commitServerDraft(selection: CheckoutSelection): Promise<string> {
  if (selection.screenshot?.kind === "data-url") throw new Error("A server draft keeps an uploaded screenshot, not a data URL");
  const session = await draftStorage().getSession();
  const { serviceId, quantity, username, postUrl, comments, screenshot, checkoutKey } = selection;
  session.set("draft", {
    serviceId,
    quantity,
    ...(username ? { username } : {}),
    ...(postUrl ? { postUrl } : {}),
    ...(comments.length > 0 ? { comments } : {}),
    ...(screenshot ? { screenshotUploadId: screenshot.uploadId } : {}),
    checkoutKey,
  });
  let cookie: string;
  try {
    cookie = await draftStorage().commitSession(session);
  } catch {
    // React Router refuses a cookie past the browsers' limit.
    throw new AppError(413, "payload_too_large", draftTooLargeMessage);
  }
  if (Buffer.byteLength(cookie) > cookieLimitBytes) throw new AppError(413, "payload_too_large", draftTooLargeMessage);
  return cookie;
}

export async function clearServerDraft(request: Request): Promise<string> {
  const session = await draftStorage().getSession(request.headers.get("Cookie"));
  return draftStorage().destroySession(session);
}
