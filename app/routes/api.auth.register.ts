import { registerAccount } from "~/features/auth/accounts.server";
import { registerSchema } from "~/features/auth/auth-schema";
import { commitSessionToken } from "~/features/auth/session.server";
import { trustDevice } from "~/features/auth/trusted-device.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.auth.register";

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  const input = await readJsonBody(request, registerSchema);
  const signedIn = await registerAccount(input, context.clientAddress);
  const headers: [string, string][] = [
    ["Set-Cookie", await commitSessionToken(signedIn.token)],
    ["Set-Cookie", await trustDevice(signedIn.user.id)],
  ];
  return jsonResponse(signedIn, { status: 201, headers });
});
