import { redirect } from "react-router";

/** /admin: the console starts on the admin dashboard. */
export function loader() {
  return redirect("/dashboard");
}
