import { requireUser } from "~/features/auth/authenticate.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.auth.me";

export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => jsonResponse(await requireUser(request)));
