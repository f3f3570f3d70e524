import { registerAccount } from "~/features/auth/accounts.server";
import { registerSchema } from "~/features/auth/auth-schema";
import { commitSessionToken } from "~/features/auth/session.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.auth.register";

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  const input = await readJsonBody(request, registerSchema);
  const signedIn = await registerAccount(input, context.clientAddress);
  return jsonResponse(signedIn, { status: 201, headers: { "Set-Cookie": await commitSessionToken(signedIn.token) } });
});
