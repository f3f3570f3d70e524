import { signOut } from "~/features/auth/authenticate.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.auth.logout";

/** Revokes the caller's tokens on the server and clears the cookie; answers 200 even when signed out. */
export const action = apiHandler(async ({ request }: Route.ActionArgs) =>
  jsonResponse({ message: "Signed out" }, { headers: { "Set-Cookie": await signOut(request) } }),
);
