import { data, redirect } from "react-router";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { AccountForm } from "~/features/auth/account-form";
import { runAccountForm } from "~/features/auth/account-form-action.server";
import { passwordResetConfirmSchema } from "~/features/auth/auth-schema";
import { resetPasswordRevokingKeys } from "~/features/api-keys/credential-changes.server";
import { resetLinkProblem } from "~/features/auth/password-reset.server";
import { commitSessionToken } from "~/features/auth/session.server";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/auth.reset.$token";

export function meta() {
  return [{ title: "Choose a new password | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  // The address carries the link's secret: kept out of caches (other sites get only the origin as Referer).
  return { "Cache-Control": "private, no-store" };
}

/** The form shows only for a link that would work; otherwise the page says why and offers a new one. */
export async function loader({ params }: Route.LoaderArgs) {
  const problem = await resetLinkProblem(params.token);
  return { problem: problem?.message ?? null };
}

const newPasswordSchema = passwordResetConfirmSchema.pick({ password: true });

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const outcome = await runAccountForm(formData, newPasswordSchema, ({ password }) => resetPasswordRevokingKeys(params.token, password));
  if (!outcome.ok) return data({ result: outcome.result }, outcome.init);
  throw redirect("/dashboard?passwordReset=1", { status: 303, headers: { "Set-Cookie": await commitSessionToken(outcome.value.token) } });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section aria-labelledby="reset-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 id="reset-heading" className="text-2xl font-bold tracking-tight">
          Choose a new password
        </h1>
        {loaderData.problem ? (
          <div className="mt-6 grid gap-4">
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {loaderData.problem}
            </p>
            <Link to="/auth/forgot" className={buttonVariants({ variant: "brand", className: "justify-self-start" })}>
              Ask for a new link
            </Link>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm text-muted-foreground">Once it is saved you are signed in here, every other device signed in to your account is signed out, and every API key of the account is revoked.</p>
            <div className="mt-6">
              <AccountForm
                id="reset-password"
                schema={newPasswordSchema}
                fields={[{ name: "password", label: "New password", type: "password", autoComplete: "new-password", hint: "At least 6 characters" }]}
                submitLabel="Save and sign in"
                busyLabel="Saving…"
                lastResult={actionData?.result}
              />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
