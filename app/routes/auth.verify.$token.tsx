import { data } from "react-router";
import { Link } from "~/components/link";
import { LinkConfirmation } from "~/components/link-confirmation";
import { findRequestUser } from "~/features/auth/authenticate.server";
import { verifyEmail } from "~/features/auth/email-verification.server";
import { isAppError } from "~/lib/errors";
import type { Route } from "./+types/auth.verify.$token";

export function meta() {
  return [{ title: "Confirm your e-mail address | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Confirming takes a press of the button (a post): mail scanners that open links do not confirm anything. */
export async function loader({ request }: Route.LoaderArgs) {
  return { isSignedIn: (await findRequestUser(request)) !== null };
}

export async function action({ params }: Route.ActionArgs) {
  try {
    const user = await verifyEmail(params.token);
    return { ok: true as const, email: user.email };
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return data({ ok: false as const, message: error.message }, error.status);
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const next = loaderData.isSignedIn ? { href: "/profile", label: "Go to your account settings" } : { href: "/auth", label: "Sign in" };
  return (
    <LinkConfirmation
      headingId="verify-heading"
      title="Confirm your e-mail address"
      prompt="Press the button to confirm that this address is yours."
      buttonLabel="Confirm my e-mail address"
      outcome={actionData}
      confirmed={
        actionData?.ok ? (
          <>
            <strong className="break-all">{actionData.email}</strong> is confirmed as your account's e-mail address.
          </>
        ) : null
      }
      next={next}
      afterRefusal={
        <>
          Signed in, you can ask for a new link from your{" "}
          <Link to="/profile" className="font-semibold text-primary underline-offset-4 hover:underline">
            account settings
          </Link>
          .
        </>
      }
    />
  );
}
