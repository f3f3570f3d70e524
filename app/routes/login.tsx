import { redirect } from "react-router";
import type { Route } from "./+types/login";

/** SPEC's old sign-in path: send visitors to /auth, keeping where they wanted to go. */
export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  throw redirect(`/auth${search}`);
}
