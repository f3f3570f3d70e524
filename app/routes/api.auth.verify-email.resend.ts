import { requireUser } from "~/features/auth/authenticate.server";
import { resendEmailVerification } from "~/features/auth/email-verification.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.auth.verify-email.resend";

/** Sends the signed-in account's verification link again (to a pending new address when one waits). */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const user = await requireUser(request);
  const { sentTo } = await resendEmailVerification(user);
  return jsonResponse({ message: `We sent a new link to ${sentTo}.`, sentTo }, { status: 202 });
});
