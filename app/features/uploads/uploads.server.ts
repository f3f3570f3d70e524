import { createHash } from "node:crypto";
import type { UploadPurpose } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { getLogger } from "~/lib/logger.server";
import { detectImageType } from "./image-type";
import { type UploadStorage, getUploadStorage, newStorageKey } from "./storage.server";
import { assertWithinScreenshotQuota, countScreenshotUpload } from "./upload-quota.server";

/** SPEC: "Screenshot limit 5MB". */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const invalidFileType = () =>
  new AppError(400, "invalid_file_type", "Please upload an image file (PNG, JPG, etc.)");
const fileTooLarge = () => new AppError(413, "file_too_large", "Please upload an image smaller than 5MB");
const notFound = () => new AppError(404, "not_found", "Not found");

// `data:[<type>][;<param>=<value>]*;base64,<payload>`; the declared type is read past, not trusted.
const DATA_URL_PREFIX = /^data:(?:[\w.+-]+\/[\w.+-]+)?(?:;[\w.+-]+=[^;,]*)*;base64,/i;
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a `data:…;base64,…` URL (SPEC's account screenshot). Strict: canonical base64
 * only, no whitespace, no URL-safe alphabet. The declared media type is ignored — storeImage
 * decides what the bytes are. Payloads that would decode past the 5 MB limit are refused before
 * decoding.
 */
export function decodeImageDataUrl(dataUrl: string): Buffer {
  const prefix = DATA_URL_PREFIX.exec(dataUrl);
  if (!prefix) throw invalidFileType();
  const payload = dataUrl.slice(prefix[0].length);
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64_PAYLOAD.test(payload)) throw invalidFileType();

  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  if ((payload.length / 4) * 3 - padding > MAX_IMAGE_BYTES) throw fileTooLarge();

  const bytes = Buffer.from(payload, "base64");
  // Buffer.from skips bad characters and ignores stray bits; a round trip proves it read them all.
  if (bytes.toString("base64") !== payload) throw invalidFileType();
  return bytes;
}

export interface StoredImage {
  id: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * Checks that `bytes` are an image (by their magic bytes) of at most 5 MB, stores them and
 * records an Upload row. An account screenshot must also fit the client's quota (upload-quota):
 * checked, written and counted in one transaction, so a refused upload writes nothing. If anything
 * fails after the bytes were written, they are removed again.
 */
export async function storeImage(
  { ownerId, purpose, bytes }: { ownerId: number; purpose: UploadPurpose; bytes: Uint8Array },
  storage: UploadStorage = getUploadStorage(),
): Promise<StoredImage> {
  const contentType = detectImageType(bytes);
  if (!contentType) throw invalidFileType();
  if (bytes.length > MAX_IMAGE_BYTES) throw fileTooLarge();

  const storageKey = newStorageKey();
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const isScreenshot = purpose === "account_screenshot";
  try {
    return await getPrisma().$transaction(async (transaction) => {
      if (isScreenshot) await assertWithinScreenshotQuota(sqlOfPrisma(transaction), ownerId, bytes.length);
      await storage.put(storageKey, bytes);
      const upload = await transaction.upload.create({
        data: { ownerId, purpose, contentType, sizeBytes: bytes.length, sha256, storageKey },
        select: { id: true, contentType: true, sizeBytes: true },
      });
      if (isScreenshot) await countScreenshotUpload(sqlOfPrisma(transaction), ownerId);
      return upload;
    });
  } catch (error) {
    // Deleting bytes that were never written is not an error.
    await storage.delete(storageKey).catch((cleanupError: unknown) => {
      getLogger().error({ err: cleanupError, storageKey }, "could not remove an upload whose row failed");
    });
    throw error;
  }
}

/**
 * Removes an upload that nothing will use after all (the order it came with was not created): the
 * bytes first, then the row, as retention does.
 */
export async function discardUpload(uploadId: string, storage: UploadStorage = getUploadStorage()): Promise<void> {
  const upload = await getPrisma().upload.findUnique({ where: { id: uploadId }, select: { storageKey: true } });
  if (!upload) return;
  await storage.delete(upload.storageKey);
  await getPrisma().upload.deleteMany({ where: { id: uploadId } });
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The bytes of an upload, for its owner, an admin, or someone `mayAlsoRead` lets in (a worker who may
 * do or did the task of the order it verifies). Everyone else — and any unknown id — gets the same
 * 404, so the answer never reveals whether an upload exists.
 */
export async function readUploadFor(
  viewer: { id: number; role: string },
  uploadId: string,
  mayAlsoRead: (uploadId: string) => Promise<boolean> = async () => false,
  storage: UploadStorage = getUploadStorage(),
): Promise<{ contentType: string; bytes: Buffer }> {
  if (!UUID_PATTERN.test(uploadId)) throw notFound();
  const upload = await getPrisma().upload.findUnique({
    where: { id: uploadId },
    select: { ownerId: true, contentType: true, storageKey: true },
  });
  if (!upload) throw notFound();
  const allowed = viewer.role === "admin" || (upload.ownerId !== null && upload.ownerId === viewer.id) || (await mayAlsoRead(uploadId));
  if (!allowed) throw notFound();

  const bytes = await storage.get(upload.storageKey);
  if (!bytes) {
    getLogger().error({ uploadId, storageKey: upload.storageKey }, "an upload row has no stored file");
    throw notFound();
  }
  return { contentType: upload.contentType, bytes };
}
