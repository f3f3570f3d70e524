import { verifyEmailSchema } from "~/features/auth/auth-schema";
import { verifyEmail } from "~/features/auth/email-verification.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.auth.verify-email";

/** Follows an e-mail verification link (no sign-in needed: the link is the proof). Answers the account. */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const { token } = await readJsonBody(request, verifyEmailSchema);
  return jsonResponse({ message: "Your e-mail address is confirmed.", user: await verifyEmail(token) });
});
