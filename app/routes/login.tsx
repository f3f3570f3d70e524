import { redirect } from "react-router";
import type { Route } from "./+types/login";

/** SPEC's old sign-in path: send visitors to /auth, keeping where they wanted to go. */
export function loader({ url }: Route.LoaderArgs) {
  const { search } = url;
  throw redirect(`/auth${search}`);
}
