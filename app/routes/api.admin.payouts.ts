import { z } from "zod";
import { requireUser } from "~/features/auth/authenticate.server";
import { listPayouts } from "~/features/payouts/payouts.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.payouts";

const querySchema = z.object({ status: z.enum(["pending", "processing", "awaiting_otp", "success", "failed", "reversed", "rejected"], { error: "Invalid status" }).optional() });

/** GET /api/admin/payouts?status=: withdrawal requests, newest first (admin only). */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  const { status } = querySchema.parse({ status: new URL(request.url).searchParams.get("status") ?? undefined });
  return jsonResponse(await listPayouts(admin, status));
});
