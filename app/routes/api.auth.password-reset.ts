import { passwordResetRequestSchema } from "~/features/auth/auth-schema";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.auth.password-reset";

/** 202 whether or not the address has an account: only its owner learns that, from the e-mail. */
export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  const { email } = await readJsonBody(request, passwordResetRequestSchema);
  await requestPasswordReset(email, context.clientAddress);
  return jsonResponse({ message: "If an account uses this e-mail address, a link to reset its password is on its way. It works once, for 1 hour." }, { status: 202 });
});
