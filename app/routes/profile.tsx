import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { AccountSettings, type SettingsIntent } from "~/features/auth/account-settings";
import { cancelEmailChange, changeName, changePassword, loadAccountSettings, requestEmailChange } from "~/features/auth/account-settings.server";
import { runAccountForm } from "~/features/auth/account-form-action.server";
import { changeEmailSchema, changeNameSchema, changePasswordSchema } from "~/features/auth/auth-schema";
import { requirePageUser, signOut } from "~/features/auth/authenticate.server";
import { verificationOutcomeOf } from "~/features/auth/email-verification-notice";
import { resendEmailVerification } from "~/features/auth/email-verification.server";
import type { PublicUser } from "~/features/auth/accounts.server";
import { commitSessionToken } from "~/features/auth/session.server";
import { isCatalogPlatform } from "~/features/catalog/catalog";
import { WorkerProfileView } from "~/features/fulfilment/worker-profile";
import { linkHandleFromForm, loadWorkerProfile } from "~/features/fulfilment/worker-profile.server";
import { isAppError } from "~/lib/errors";
import { readFormData } from "~/lib/request-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/profile";

/*
 * The account page of every role (issue #19): name, e-mail address, password, sessions; for workers
 * also their linked platform handles (the proof of who did a task). Signed in only; a page of one
 * user's data, so no shared cache may keep it.
 */

export function meta() {
  return [{ title: "Your Account | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePageUser(request);
  const url = new URL(request.url);
  const account = { username: user.username, ...(await loadAccountSettings(user)) };
  const settings = { account, saved: url.searchParams.get("saved"), verification: verificationOutcomeOf(url) };
  if (user.role !== "worker") return { ...settings, worker: null };
  const profile = await loadWorkerProfile(user);
  // `?linked=<platform>` after a successful post (PRG): shown while that handle is linked.
  const linkedPlatform = url.searchParams.get("linked");
  const linkedHandle = isCatalogPlatform(linkedPlatform) ? profile.handles.find((item) => item.platform === linkedPlatform)?.handle : null;
  return {
    ...settings,
    worker: {
      user: { fullName: user.fullName, email: user.email, username: user.username },
      profile,
      saved: linkedHandle && linkedPlatform ? { platform: linkedPlatform, handle: linkedHandle } : null,
    },
  };
}

/**
 * Each form posts its `intent`; a worker's handle form posts none. Success redirects (PRG) with `?saved=`.
 * "Send the link again" comes from the dashboard and withdrawals too: back there with `?verification=`.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requirePageUser(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const settingsAnswer = (settingsIntent: SettingsIntent, outcome: { result: SubmissionResult<string[]>; init: ResponseInit }) =>
    data({ settings: { intent: settingsIntent, result: outcome.result }, handleFailure: null }, outcome.init);

  switch (intent) {
    case "change-name": {
      const outcome = await runAccountForm(formData, changeNameSchema, ({ fullName }) => changeName(user, fullName));
      if (!outcome.ok) return settingsAnswer(intent, outcome);
      throw redirect("/profile?saved=name", 303);
    }
    case "change-password": {
      const outcome = await runAccountForm(formData, changePasswordSchema, (input) => changePassword(user, input));
      if (!outcome.ok) return settingsAnswer(intent, outcome);
      throw redirect("/profile?saved=password", { status: 303, headers: { "Set-Cookie": await commitSessionToken(outcome.value.token) } });
    }
    case "change-email": {
      const outcome = await runAccountForm(formData, changeEmailSchema, (input) => requestEmailChange(user, input));
      if (!outcome.ok) return settingsAnswer(intent, outcome);
      throw redirect("/profile?saved=email", 303);
    }
    case "cancel-email-change":
      await cancelEmailChange(user);
      throw redirect("/profile?saved=email-cancelled", 303);
    case "resend-verification":
      throw redirect(await resendVerificationFromForm(user, formData), 303);
    case "sign-out-everywhere":
      throw redirect("/auth?signedOut=everywhere", { status: 303, headers: { "Set-Cookie": await signOut(request) } });
  }
  if (user.role !== "worker") return data({ settings: null, handleFailure: { ok: false as const, status: 403, platform: null, value: "", error: "Only workers link platform handles." } }, { status: 403 });
  const result = await linkHandleFromForm(user, formData);
  if (result.ok) throw redirect(`/profile?linked=${result.platform}`, 303);
  return data({ settings: null, handleFailure: result }, { status: result.status });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { worker } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">Settings</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Your account</h1>
      <div className="mt-8 grid gap-8">
        <AccountSettings account={loaderData.account} answer={actionData?.settings ?? null} saved={loaderData.saved} verification={loaderData.verification} />
        {worker ? <WorkerProfileView user={worker.user} profile={worker.profile} saved={worker.saved} failure={actionData?.handleFailure ?? null} /> : null}
      </div>
    </div>
  );
}

/** Sends the verification link again; the address of the page it was asked from, saying what happened. */
async function resendVerificationFromForm(user: PublicUser, formData: FormData): Promise<string> {
  const back = new URL(safeRedirect(formData.get("redirectTo"), "/profile"), "http://local");
  try {
    await resendEmailVerification(user);
    back.searchParams.set("verification", "sent");
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    back.searchParams.set("verification", error.status === 429 ? "wait" : "done");
  }
  return `${back.pathname}${back.search}`;
}
