import { requireUser } from "~/features/auth/authenticate.server";
import { workerMaySeeAccountScreenshot } from "~/features/fulfilment/tasks.server";
import { readUploadFor } from "~/features/uploads/uploads.server";
import { apiHandler } from "~/lib/api-response.server";
import type { Route } from "./+types/api.uploads.$id";

/**
 * GET /api/uploads/:id — an uploaded image, for its owner or an admin, and an order's account
 * screenshot for the workers who may do or did its task (404 for anyone else).
 * Served so that a browser can only ever display it as an image: nosniff, inline, and a CSP that
 * allows nothing should the bytes ever be opened as a document.
 */
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const user = await requireUser(request);
  const { contentType, bytes } = await readUploadFor(user, params.id, (uploadId) => workerMaySeeAccountScreenshot(user, uploadId));
  return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
});
