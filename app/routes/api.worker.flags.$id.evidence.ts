import { requireUser } from "~/features/auth/authenticate.server";
import { evidenceRequestSchema, submitDeliveryEvidence } from "~/features/deliveries/evidence.server";
import { decodeImageDataUrl } from "~/features/uploads/uploads.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { getEnv } from "~/lib/env.server";
import { parseRecordId } from "~/lib/record-id";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.worker.flags.$id.evidence";

/** POST /api/worker/flags/:id/evidence `{ screenshot: "data:image/...;base64,..." }`: the worker answers a flag (201; issue #48). */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const worker = await requireUser(request, ["worker"]);
  const { screenshot } = await readJsonBody(request, evidenceRequestSchema, getEnv().UPLOAD_BODY_LIMIT_BYTES);
  return jsonResponse(await submitDeliveryEvidence(worker, parseRecordId(params.id), decodeImageDataUrl(screenshot)), { status: 201 });
});

export const loader = () => errorResponse(405, "Method not allowed");
