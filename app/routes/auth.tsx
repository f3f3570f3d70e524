import { CheckCircle2 } from "lucide-react";
import { redirect, type ShouldRevalidateFunctionArgs, useActionData, useNavigation, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import { toast } from "~/components/toaster";
import { AuthForm } from "~/features/auth/auth-form";
import { submitAuthForm } from "~/features/auth/auth-form-action.server";
import { afterAuthPath, authFormProblemNotices } from "~/features/auth/auth-schema";
import { useAuthFormOutcome } from "~/features/auth/use-auth-outcome";
import { findRequestUser } from "~/features/auth/authenticate.server";
import { cn } from "~/lib/cn";
import { safeRedirect } from "~/lib/safe-redirect";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/auth";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Sign in or join", description: "Sign in to Social Media Boost, or create an account to buy growth packages or earn money as a worker.", path: "/auth" }, matches);

/** A signed-in visitor has nothing to do here (SPEC §2 "/auth"). */
export async function loader({ request }: Route.LoaderArgs) {
  if (await findRequestUser(request)) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitAuthForm(request, context.clientAddress);
}

/**
 * After a successful post the page shows its notice and navigates itself after SPEC's 1 s / 1.5 s.
 * Re-running the loader then would find the new user and redirect to / at once, ignoring redirectTo.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult?.ok === true) return false;
  return defaultShouldRevalidate;
}

// SPEC §4: the success callback runs 1 s after signing in, 1.5 s after registering.
const successDelayMs = { login: 1000, register: 1500 } as const;

export default function AuthPage() {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "join" ? "join" : "signin";
  const redirectTo = safeRedirect(searchParams.get("redirectTo"), afterAuthPath);
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const isHydrated = useHydrated();
  const isSubmitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  useAuthFormOutcome(result, {
    successNotice: (intent) =>
      intent === "login"
        ? { title: "Welcome back!", description: "You have successfully logged in." }
        : { title: "Account created!", description: "Welcome to Social Media Boost." },
    delayMs: (intent) => successDelayMs[intent],
  });

  const lastResult = result && !result.ok && (result.intent === "login") === (tab === "signin") ? result.submission : null;
  const tabHref = (target: "signin" | "join") => {
    const params = new URLSearchParams(searchParams);
    params.set("tab", target);
    return `?${params}`;
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2 lg:py-16">
      <section aria-labelledby="auth-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 id="auth-heading" className="text-2xl font-bold tracking-tight">
          {tab === "signin" ? "Sign in to your account" : "Create your account"}
        </h1>
        <nav aria-label="Sign in or join" className="mt-6 grid grid-cols-2 rounded-lg bg-muted p-1 text-sm font-semibold">
          {(
            [
              ["signin", "Sign In"],
              ["join", "Join Now"],
            ] as const
          ).map(([target, label]) => (
            <Link
              key={target}
              to={tabHref(target)}
              replace
              preventScrollReset
              aria-current={tab === target ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-2 text-center transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                tab === target ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {label}
            </Link>
          ))}
        </nav>

        {/* Without JavaScript there are no toasts: the outcome shows here instead. */}
        {!isHydrated && result && !result.ok ? (
          <div role="alert" className="mt-6 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
            <p className="font-semibold text-destructive">{result.notice.title}</p>
            <p className="mt-1">{result.notice.description}</p>
          </div>
        ) : null}
        {result?.ok ? (
          <p role="status" className="mt-6 flex items-center gap-2 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-medium">
            <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
            {result.intent === "login" ? "Welcome back! Taking you on…" : "Account created! Taking you on…"}
          </p>
        ) : null}

        <div className="mt-6">
          <AuthForm
            key={tab}
            mode={tab === "signin" ? "login" : "client-register"}
            redirectTo={redirectTo}
            lastResult={lastResult}
            isSubmitting={isSubmitting || result?.ok}
            onClientCheck={(problem) => {
              if (!problem) return true;
              toast({ ...authFormProblemNotices[problem], variant: "destructive" });
              return false;
            }}
          />
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {tab === "signin" ? (
            <>
              New here?{" "}
              <Link to={tabHref("join")} replace className="font-semibold text-primary underline-offset-4 hover:underline">
                Create an account
              </Link>
            </>
          ) : (
            <>
              Already have an account?{" "}
              <Link to={tabHref("signin")} replace className="font-semibold text-primary underline-offset-4 hover:underline">
                Sign in
              </Link>
            </>
          )}
        </p>
      </section>

      {/* Dark mode's lighter brand colours put white body text below 3:1; these darker stops keep it above 5:1. */}
      <aside className="flex flex-col justify-center rounded-2xl bg-linear-to-br from-brand-from to-brand-to p-8 text-white shadow-lg sm:p-10 dark:from-[oklch(0.54_0.22_293)] dark:to-[oklch(0.56_0.22_350)]">
        <p className="text-sm font-semibold uppercase tracking-widest text-white/80">Social Media Boost</p>
        <h2 className="mt-3 text-3xl font-extrabold tracking-tight">Grow your following. Or earn from helping others grow.</h2>
        <ul className="mt-8 space-y-4 text-base">
          {[
            "Follower packages for Instagram and TikTok, subscriber packages for YouTube",
            "Pay in cedis by card or mobile money",
            "Every task is done by a real person, who is paid for it",
            "Follow each order's progress on your dashboard",
          ].map((point) => (
            <li key={point} className="flex gap-3">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
