import { signIn } from "~/features/auth/accounts.server";
import { loginSchema } from "~/features/auth/auth-schema";
import { commitSessionToken } from "~/features/auth/session.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.auth.login";

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  const input = await readJsonBody(request, loginSchema);
  const signedIn = await signIn(input, context.clientAddress);
  return jsonResponse(signedIn, { headers: { "Set-Cookie": await commitSessionToken(signedIn.token) } });
});
