import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { isAppError } from "~/lib/errors";
import { safeRedirect } from "~/lib/safe-redirect";
import { type PublicUser, type SignedIn, registerAccount, signIn } from "./accounts.server";
import { afterAuthPath, authFormProblemNotices, findAuthFormProblem, loginSchema, registerSchema } from "./auth-schema";
import { commitSessionToken } from "./session.server";
import { readFormData } from "~/lib/request-body.server";
import { readTrustedDevice, trustDevice } from "./trusted-device.server";

export interface AuthNotice {
  title: string;
  description: string;
}

type Intent = "login" | "register";

export type AuthFormResult =
  | { intent: Intent; ok: false; submission: SubmissionResult<string[]>; notice: AuthNotice }
  | { intent: Intent; ok: true; token: string; user: PublicUser; redirectTo: string };

/**
 * What a strategy's verify gives back: the signed-in account, or the submission conform could not
 * parse (a field error is not an exception). Service errors (401, 403, 409, 429, 503) are thrown.
 */
type AuthOutcome = { ok: true; signedIn: SignedIn } | { ok: false; submission: Submission<unknown> };

/**
 * remix-auth with one FormStrategy per intent, both calling the account service the JSON API uses
 * (accounts.server.ts). Built per request: the sign-in limits count per client address, which comes
 * from Express through the load context, not from the `Request`.
 */
function createAuthenticator(clientAddress: string) {
  return new Authenticator<AuthOutcome>()
    .use(
      new FormStrategy(async ({ form, request }) => {
        const submission = parseWithZod(form, { schema: loginSchema });
        if (submission.status !== "success") return { ok: false, submission };
        return { ok: true, signedIn: await signIn(submission.value, clientAddress, await readTrustedDevice(request)) };
      }),
      "login",
    )
    .use(
      new FormStrategy(async ({ form }) => {
        const submission = parseWithZod(form, { schema: registerSchema });
        if (submission.status !== "success") return { ok: false, submission };
        return { ok: true, signedIn: await registerAccount(submission.value, clientAddress) };
      }),
      "register",
    );
}

/**
 * Handles a post of the sign-in / sign-up form. With JavaScript the page gets data (the token for
 * local storage; it navigates after SPEC's 1 s / 1.5 s); without, a redirect. Either way the session
 * cookie is set.
 */
export async function submitAuthForm(request: Request, clientAddress: string) {
  // Read through our reader first (413 over the limit, 400 for a body that is not a form); the
  // strategy reads its own copy (DESIGN §8).
  const formData = await readFormData(request.clone());
  const intent: Intent = formData.get("intent") === "register" ? "register" : "login";
  const failureTitle = intent === "login" ? "Login failed" : "Registration failed";
  let outcome: AuthOutcome;
  try {
    outcome = await createAuthenticator(clientAddress).authenticate(intent, request);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const submission = parseWithZod(formData, { schema: intent === "login" ? loginSchema : registerSchema });
    return data<AuthFormResult>(
      {
        intent,
        ok: false,
        submission: submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
        notice: { title: failureTitle, description: error.message },
      },
      { status: error.status, headers: error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  if (!outcome.ok) {
    const problem = findAuthFormProblem(formData, intent);
    const notice = problem
      ? authFormProblemNotices[problem]
      : { title: failureTitle, description: "Please check your information and ensure all fields are filled correctly." };
    return data<AuthFormResult>({ intent, ok: false, submission: outcome.submission.reply({ hideFields: ["password"] }), notice }, { status: 400 });
  }
  const { signedIn } = outcome;
  const redirectTo = safeRedirect(formData.get("redirectTo"), afterAuthPath);
  const headers: [string, string][] = [
    ["Set-Cookie", await commitSessionToken(signedIn.token)],
    ["Set-Cookie", await trustDevice(signedIn.user.id)],
  ];
  if (formData.get("enhanced") !== "1") throw redirect(redirectTo, { headers });
  return data<AuthFormResult>({ intent, ok: true, token: signedIn.token, user: signedIn.user, redirectTo }, { headers });
}
