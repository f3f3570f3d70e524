import { redirect } from "react-router";
import { signOut } from "~/features/auth/authenticate.server";
import type { Route } from "./+types/logout";

/** The header's Logout form posts here; it revokes the token on the server, with or without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  throw redirect("/", { headers: { "Set-Cookie": await signOut(request) } });
}

export const loader = () => redirect("/");
