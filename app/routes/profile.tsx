import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { type ApiAccessAnswer, ApiAccess, apiKeyRowOf } from "~/features/api-keys/api-access";
import { createApiKeyFormSchema } from "~/features/api-keys/api-key-schema";
import { createApiKey, listApiKeys, revokeApiKey } from "~/features/api-keys/api-keys.server";
import { changePasswordRevokingKeys, signOutEverywhere } from "~/features/api-keys/credential-changes.server";
import { AccountSettings, type SettingsIntent } from "~/features/auth/account-settings";
import { cancelEmailChange, changeName, loadAccountSettings, requestEmailChange } from "~/features/auth/account-settings.server";
import { runAccountForm } from "~/features/auth/account-form-action.server";
import { changeEmailSchema, changeNameSchema, changePasswordSchema } from "~/features/auth/auth-schema";
import { requirePageUser } from "~/features/auth/authenticate.server";
import { verificationOutcomeOf } from "~/features/auth/email-verification-notice";
import { resendEmailVerification } from "~/features/auth/email-verification.server";
import type { PublicUser } from "~/features/auth/accounts.server";
import { commitSessionToken } from "~/features/auth/session.server";
import { isCatalogPlatform } from "~/features/catalog/catalog";
import { linkedAccountsId, WorkerProfileView } from "~/features/fulfilment/worker-profile";
import { linkHandleFromForm, loadWorkerProfile } from "~/features/fulfilment/worker-profile.server";
import { isAppError } from "~/lib/errors";
import { parseRecordId } from "~/lib/record-id";
import { readFormData } from "~/lib/request-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/profile";

/*
 * The account page of every role (issue #19): name, e-mail address, password, sessions; for workers
 * also their linked platform handles (the proof of who did a task); for clients their API keys (issue
 * #20). Signed in only; a page of one user's data, so no shared cache may keep it.
 */

export function meta() {
  return [{ title: "Your Account | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requirePageUser(request, url);
  const account = { username: user.username, ...(await loadAccountSettings(user)) };
  const settings = { account, saved: url.searchParams.get("saved"), verification: verificationOutcomeOf(url) };
  // Clients call the reseller API with keys of their own: listed without secrets.
  const apiKeys = user.role === "client" ? (await listApiKeys(user)).map(apiKeyRowOf) : null;
  if (user.role !== "worker") return { ...settings, apiKeys, worker: null };
  const profile = await loadWorkerProfile(user);
  // `?linked=<platform>` after a successful post (PRG): shown while that handle is linked.
  const linkedPlatform = url.searchParams.get("linked");
  const linkedHandle = isCatalogPlatform(linkedPlatform) ? profile.handles.find((item) => item.platform === linkedPlatform)?.handle : null;
  return {
    ...settings,
    apiKeys,
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
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requirePageUser(request, url);
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
      const outcome = await runAccountForm(formData, changePasswordSchema, (input) => changePasswordRevokingKeys(user, input));
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
    case "create-api-key": {
      // Answered, not redirected: the key must never sit in an address or the history. Shown this once.
      const outcome = await runAccountForm(formData, createApiKeyFormSchema, (input) => createApiKey(user, input));
      const apiAccess: ApiAccessAnswer = outcome.ok
        ? { result: { initialValue: null }, createdKey: { name: outcome.value.name, key: outcome.value.key } }
        : { result: outcome.result, createdKey: null };
      return data({ settings: null, handleFailure: null, apiAccess }, outcome.ok ? { status: 200 } : outcome.init);
    }
    case "revoke-api-key":
      await revokeApiKeyFromForm(user, formData);
      throw redirect("/profile?saved=api-key-revoked#api-access", 303);
    case "sign-out-everywhere":
      throw redirect("/auth?signedOut=everywhere", { status: 303, headers: { "Set-Cookie": await signOutEverywhere(request) } });
  }
  if (user.role !== "worker") return data({ settings: null, handleFailure: { ok: false as const, status: 403, platform: null, value: "", error: "Only workers link platform handles." } }, { status: 403 });
  const result = await linkHandleFromForm(user, formData);
  if (result.ok) throw redirect(`/profile?linked=${result.platform}#${linkedAccountsId}`, 303);
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
        {loaderData.apiKeys ? (
          <ApiAccess keys={loaderData.apiKeys} answer={actionData && "apiAccess" in actionData ? actionData.apiAccess : null} revoked={loaderData.saved === "api-key-revoked"} />
        ) : null}
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

/** Revokes the posted key of the client; someone else's or an unknown one is the 404 page, as it is for the API. */
async function revokeApiKeyFromForm(user: PublicUser, formData: FormData) {
  const keyId = formData.get("keyId");
  try {
    await revokeApiKey(user, parseRecordId(typeof keyId === "string" ? keyId : null));
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    throw data(error.message, { status: error.status });
  }
}
