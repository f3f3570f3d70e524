import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, type ReactNode, useState } from "react";
import { Form } from "react-router";
import { Link } from "~/components/link";
import { inputClass } from "./account-form";
import { Button } from "~/components/ui/button";
import { useFieldAsFound } from "~/lib/use-field-as-found";
import { useHydrated } from "~/lib/use-hydrated";
import { type AuthFormProblem, findAuthFormProblem, loginSchema, registerSchema, workerPlatforms } from "./auth-schema";

/**
 * The reusable sign-in / sign-up form (SPEC §2 "/auth": modes login, client register, worker
 * register). It posts to a route action, so it works without JavaScript; with JavaScript conform
 * validates with the same zod schemas as the server before posting.
 */
export type AuthFormMode = "login" | "client-register" | "worker-register";

const platformLabels: Record<(typeof workerPlatforms)[number], string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
  twitter: "Twitter",
  facebook: "Facebook",
};

export interface AuthFormProps {
  mode: AuthFormMode;
  /** The route whose action handles the post (defaults to the current route). */
  action?: string;
  redirectTo?: string;
  lastResult?: SubmissionResult<string[]> | null;
  isSubmitting?: boolean;
  /** Runs before posting when the browser-side checks pass or fail (page toasts hook in here). */
  onClientCheck?: (problem: AuthFormProblem) => boolean | void;
}

export function AuthForm({ mode, action, redirectTo, lastResult, isSubmitting, onClientCheck }: AuthFormProps) {
  const isLogin = mode === "login";
  const schema = isLogin ? loginSchema : registerSchema;
  const [form, fields] = useForm({
    id: `auth-${mode}`,
    lastResult,
    constraint: undefined,
    // Nothing complains before the visitor submits; after that, errors follow what they type.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const formProps = getFormProps(form);
  // SPEC §5's page checks run on every submit: conform skips its own onSubmit when its validation
  // fails, which is exactly when a field is missing or the password is short. Conform also submits
  // the form itself to revalidate a field as the visitor types (a hidden button carrying its intent):
  // that is not the visitor submitting, so it gets no page check and no toast.
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (isConformIntent(event)) return;
    const problem = findAuthFormProblem(new FormData(event.currentTarget), isLogin ? "login" : "register");
    if (onClientCheck?.(problem) === false) event.preventDefault();
  };
  const isHydrated = useHydrated();
  const [role, setRole] = useState<"client" | "worker">(mode === "worker-register" ? "worker" : "client");
  // A role chosen before the page's JavaScript ran is the role (it decides whether the platforms show).
  const roleChoiceRef = useFieldAsFound<HTMLFieldSetElement>((fieldset) => {
    const chosen = fieldset.querySelector<HTMLInputElement>('input[name="role"]:checked')?.value;
    if (chosen === "client" || chosen === "worker") setRole(chosen);
  });
  const registerFields = fields as unknown as Record<"username" | "fullName" | "role" | "platforms", (typeof fields)["email"]>;

  return (
    <Form method="post" action={action} {...formProps} onSubmit={handleSubmit} noValidate className="grid gap-4">
      <input type="hidden" name="intent" value={isLogin ? "login" : "register"} />
      {/* Tells the action whether the page runs JavaScript: then it answers data, else a redirect. */}
      <input type="hidden" name="enhanced" value={isHydrated ? "1" : ""} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {form.errors[0]}
        </p>
      ) : null}

      <Field label="Email" errors={fields.email.errors} errorId={fields.email.errorId}>
        <input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} autoComplete="email" required className={inputClass} />
      </Field>

      {!isLogin ? (
        <>
          <Field label="Username" errors={registerFields.username.errors} errorId={registerFields.username.errorId} hint="3–30 letters, digits, _ or .">
            <input {...getInputProps(registerFields.username, { type: "text" })} key={registerFields.username.key} autoComplete="username" required minLength={3} maxLength={30} className={inputClass} />
          </Field>
          <Field label="Full name" errors={registerFields.fullName.errors} errorId={registerFields.fullName.errorId}>
            <input {...getInputProps(registerFields.fullName, { type: "text" })} key={registerFields.fullName.key} autoComplete="name" required className={inputClass} />
          </Field>
        </>
      ) : null}

      <Field label="Password" errors={fields.password.errors} errorId={fields.password.errorId} hint={isLogin ? undefined : "At least 6 characters"}>
        <input
          {...getInputProps(fields.password, { type: "password" })}
          key={fields.password.key}
          autoComplete={isLogin ? "current-password" : "new-password"}
          required
          minLength={6}
          maxLength={128}
          className={inputClass}
        />
      </Field>

      {mode === "client-register" ? (
        <fieldset ref={roleChoiceRef} className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">I want to</legend>
          {(
            [
              ["client", "Client - Buy Growth Packages"],
              ["worker", "Worker - Earn Money"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5">
              <input type="radio" name="role" value={value} checked={role === value} onChange={() => setRole(value)} className="accent-primary" />
              {label}
            </label>
          ))}
        </fieldset>
      ) : mode === "worker-register" ? (
        <input type="hidden" name="role" value="worker" />
      ) : null}

      {!isLogin ? (
        // Without JavaScript the role cannot reveal the checklist, so it always shows (workers only).
        <fieldset className="grid gap-2" hidden={isHydrated && role !== "worker"}>
          <legend className="mb-1 text-sm font-medium">Platforms you can work on {mode === "client-register" ? <span className="font-normal text-muted-foreground">(workers only)</span> : null}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {workerPlatforms.map((platform) => (
              <label key={platform} className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5">
                <input type="checkbox" name="platforms" value={platform} className="accent-primary" />
                {platformLabels[platform]}
              </label>
            ))}
          </div>
          {registerFields.platforms.errors?.length ? <p className="text-sm text-destructive">{registerFields.platforms.errors[0]}</p> : null}
        </fieldset>
      ) : null}

      <Button type="submit" variant="brand" size="lg" disabled={isSubmitting} className="mt-2 w-full">
        {isSubmitting ? (isLogin ? "Signing in…" : "Creating account…") : isLogin ? "Sign In" : "Create Account"}
      </Button>
      {isLogin ? (
        // After the button: Tab goes from the password straight to Sign In.
        <p className="text-center text-sm">
          <Link to="/auth/forgot" className="font-medium text-primary underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </p>
      ) : null}
    </Form>
  );
}

/** Conform's reserved name for the button of its own submits (`INTENT` in @conform-to/dom). */
const conformIntentName = "__intent__";

function isConformIntent(event: FormEvent<HTMLFormElement>): boolean {
  const { submitter } = event.nativeEvent as SubmitEvent;
  return submitter?.getAttribute("name") === conformIntentName;
}


function Field({ label, hint, errors, errorId, children }: { label: string; hint?: string; errors?: string[]; errorId: string; children: ReactNode }) {
  return (
    <label className="grid gap-1.5 text-sm font-medium">
      {label}
      {children}
      {errors?.length ? (
        <span id={errorId} className="text-sm font-normal text-destructive">
          {errors[0]}
        </span>
      ) : hint ? (
        <span className="text-xs font-normal text-muted-foreground">{hint}</span>
      ) : null}
    </label>
  );
}
