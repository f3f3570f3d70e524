import { signIn } from "~/features/auth/accounts.server";
import { loginSchema } from "~/features/auth/auth-schema";
import { commitSessionToken } from "~/features/auth/session.server";
import { readTrustedDevice, trustDevice } from "~/features/auth/trusted-device.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.auth.login";

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  const input = await readJsonBody(request, loginSchema);
  const signedIn = await signIn(input, context.clientAddress, await readTrustedDevice(request));
  const headers: [string, string][] = [
    ["Set-Cookie", await commitSessionToken(signedIn.token)],
    ["Set-Cookie", await trustDevice(signedIn.user.id)],
  ];
  return jsonResponse(signedIn, { headers });
});
