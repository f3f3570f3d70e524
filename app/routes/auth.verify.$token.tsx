import { CheckCircle2 } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";
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
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  const next = loaderData.isSignedIn ? { href: "/profile", label: "Go to your account settings" } : { href: "/auth", label: "Sign in" };
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section aria-labelledby="verify-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 id="verify-heading" className="text-2xl font-bold tracking-tight">
          Confirm your e-mail address
        </h1>
        {actionData?.ok ? (
          <div className="mt-6 grid gap-4">
            <p role="status" className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <strong className="break-all">{actionData.email}</strong> is confirmed as your account's e-mail address.
              </span>
            </p>
            <Link to={next.href} className={buttonVariants({ variant: "brand", className: "justify-self-start" })}>
              {next.label}
            </Link>
          </div>
        ) : (
          <div className="mt-6 grid gap-4">
            {actionData ? (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {actionData.message}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">Press the button to confirm that this address is yours.</p>
            )}
            {actionData ? (
              <p className="text-sm text-muted-foreground">
                Signed in, you can ask for a new link from your{" "}
                <Link to="/profile" className="font-semibold text-primary underline-offset-4 hover:underline">
                  account settings
                </Link>
                .
              </p>
            ) : (
              <Form method="post">
                <Button type="submit" variant="brand" disabled={isBusy}>
                  {isBusy ? "Confirming…" : "Confirm my e-mail address"}
                </Button>
              </Form>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
