import { passwordResetConfirmSchema } from "~/features/auth/auth-schema";
import { resetPasswordRevokingKeys } from "~/features/api-keys/credential-changes.server";
import { commitSessionToken } from "~/features/auth/session.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.auth.password-reset.confirm";

/** The new password through a reset link: the sign-in answer of /api/auth/login (every other session ended). */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const { token, password } = await readJsonBody(request, passwordResetConfirmSchema);
  const signedIn = await resetPasswordRevokingKeys(token, password);
  return jsonResponse(signedIn, { headers: { "Set-Cookie": await commitSessionToken(signedIn.token) } });
});
