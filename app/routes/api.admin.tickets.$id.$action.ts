import { requireUser } from "~/features/auth/authenticate.server";
import { ticketAnswerSchema } from "~/features/admin/admin-schemas";
import { parseRecordId } from "~/lib/record-id";
import { closeTicket, markTicketAnswered } from "~/features/admin/tickets.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.admin.tickets.$id.$action";

/**
 * POST /api/admin/tickets/{id}/answer `{ reply? }` (the answer went by e-mail; the note is kept) and
 * POST /api/admin/tickets/{id}/close. Admin only; 409 when the ticket already moved on.
 */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (params.action !== "answer" && params.action !== "close") return errorResponse(404, "Not found");
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  const ticketId = parseRecordId(params.id);
  if (params.action === "close") return jsonResponse(await closeTicket(admin, ticketId));
  // The body is optional: an answer without a note may be posted empty.
  const input = request.headers.get("content-type") ? await readJsonBody(request, ticketAnswerSchema) : ticketAnswerSchema.parse({});
  return jsonResponse(await markTicketAnswered(admin, ticketId, input));
});

export const loader = () => errorResponse(405, "Method not allowed");
