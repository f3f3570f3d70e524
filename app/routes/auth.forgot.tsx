import { MailCheck } from "lucide-react";
import { data } from "react-router";
import { Link } from "~/components/link";
import { AccountForm } from "~/features/auth/account-form";
import { runAccountForm } from "~/features/auth/account-form-action.server";
import { passwordResetRequestSchema } from "~/features/auth/auth-schema";
import { resetLinkValidMinutes } from "~/features/auth/account-links";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/auth.forgot";

export function meta() {
  return [{ title: "Forgot your password? | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The same answer whether or not the address has an account (password-reset.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await runAccountForm(await readFormData(request), passwordResetRequestSchema, async ({ email }) => {
    await requestPasswordReset(email, context.clientAddress);
    return email;
  });
  return outcome.ok ? { sentTo: outcome.value } : data({ result: outcome.result }, outcome.init);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : null;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section aria-labelledby="forgot-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 id="forgot-heading" className="text-2xl font-bold tracking-tight">
          Forgot your password?
        </h1>
        {sentTo ? (
          <div role="status" className="mt-6 grid gap-3 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
            <p className="flex items-center gap-2 font-semibold">
              <MailCheck className="size-4 text-primary" aria-hidden="true" />
              Check your e-mail
            </p>
            <p>
              If an account uses <strong className="break-all">{sentTo}</strong>, we have sent it a link to choose a new password. The link works once, for {resetLinkValidMinutes} minutes.
              Nothing arrived after a few minutes? Check your spam folder, or ask again.
            </p>
          </div>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
        )}
        <div className="mt-6">
          <AccountForm
            id="forgot-password"
            schema={passwordResetRequestSchema}
            fields={[{ name: "email", label: "Email", type: "email", autoComplete: "email", defaultValue: sentTo ?? undefined }]}
            submitLabel={sentTo ? "Send the link again" : "Send me a link"}
            busyLabel="Sending…"
            lastResult={actionData && "result" in actionData ? actionData.result : null}
          />
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Remembered it?{" "}
          <Link to="/auth" className="font-semibold text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      </section>
    </div>
  );
}
