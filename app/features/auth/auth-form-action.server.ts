import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
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
 * Handles a post of the sign-in / sign-up form. With JavaScript the page gets data (the token for
 * local storage; it navigates after SPEC's 1 s / 1.5 s); without, a redirect. Either way the session
 * cookie is set.
 */
export async function submitAuthForm(request: Request, clientAddress: string) {
  const formData = await readFormData(request);
  return formData.get("intent") === "register"
    ? submit(formData, "register", registerSchema, (input) => registerAccount(input, clientAddress))
    : submit(formData, "login", loginSchema, async (input) => signIn(input, clientAddress, await readTrustedDevice(request)));
}

async function submit<Schema extends z.ZodType>(
  formData: FormData,
  intent: Intent,
  schema: Schema,
  perform: (input: z.infer<Schema>) => Promise<SignedIn>,
) {
  const failureTitle = intent === "login" ? "Login failed" : "Registration failed";
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const problem = findAuthFormProblem(formData, intent);
    const notice = problem
      ? authFormProblemNotices[problem]
      : { title: failureTitle, description: "Please check your information and ensure all fields are filled correctly." };
    return data<AuthFormResult>({ intent, ok: false, submission: submission.reply({ hideFields: ["password"] }), notice }, { status: 400 });
  }
  try {
    const signedIn = await perform(submission.value);
    const redirectTo = safeRedirect(formData.get("redirectTo"), afterAuthPath);
    const headers: [string, string][] = [
      ["Set-Cookie", await commitSessionToken(signedIn.token)],
      ["Set-Cookie", await trustDevice(signedIn.user.id)],
    ];
    if (formData.get("enhanced") !== "1") throw redirect(redirectTo, { headers });
    return data<AuthFormResult>({ intent, ok: true, token: signedIn.token, user: signedIn.user, redirectTo }, { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
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
}
