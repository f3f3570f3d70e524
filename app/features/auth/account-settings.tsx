import type { SubmissionResult } from "@conform-to/react";
import { CheckCircle2 } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { AccountForm } from "./account-form";
import { changeEmailSchema, changeNameSchema, changePasswordSchema } from "./auth-schema";
import { EmailVerificationNotice, type VerificationOutcome } from "./email-verification-notice";

export interface AccountSettingsData {
  username: string;
  fullName: string;
  email: string;
  isEmailVerified: boolean;
  pendingEmail: string | null;
}

export type SettingsIntent = "change-name" | "change-password" | "change-email";

interface AccountSettingsProps {
  account: AccountSettingsData;
  /** The answer of the form last posted, shown by that form only. */
  answer: { intent: SettingsIntent; result: SubmissionResult<string[]> } | null;
  /** What the last successful change was (`?saved=` after the post). */
  saved: string | null;
  verification: VerificationOutcome;
}

const savedTexts: Record<string, string> = {
  name: "Your name is saved.",
  password: "Your new password is saved. Every other device was signed out, every API key was revoked, and we sent you an e-mail about the change.",
  email: "Almost done: open the link we sent to your new address to start using it.",
  "email-cancelled": "The change of e-mail address is cancelled.",
};

/** Account settings for every role (issue #19): name, e-mail address, password, sessions. Each a plain form. */
export function AccountSettings({ account, answer, saved, verification }: AccountSettingsProps) {
  const lastResult = (intent: SettingsIntent) => (answer?.intent === intent ? answer.result : null);
  return (
    <div className="grid gap-6">
      {saved && savedTexts[saved] ? (
        <p role="status" className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-medium">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {savedTexts[saved]}
        </p>
      ) : null}

      <Section id="name" title="Name" description={`Your username, ${account.username}, stays as it is.`}>
        <AccountForm
          id="change-name"
          schema={changeNameSchema}
          fields={[{ name: "fullName", label: "Full name", type: "text", autoComplete: "name", defaultValue: account.fullName }]}
          submitLabel="Save name"
          busyLabel="Saving…"
          variant="default"
          lastResult={lastResult("change-name")}
        />
      </Section>

      <Section id="email" title="E-mail address" description={<>Receipts, password resets and updates go to <strong className="break-all text-foreground">{account.email}</strong>{account.isEmailVerified ? " (confirmed)." : " (not confirmed yet)."}</>}>
        {account.pendingEmail ? (
          <div className="grid gap-3">
            <EmailVerificationNotice email={account.pendingEmail} isChange returnTo="/profile" outcome={verification} note={`Until then we keep using ${account.email}.`} />
            <Form method="post">
              <input type="hidden" name="intent" value="cancel-email-change" />
              <Button type="submit" variant="ghost" size="sm">
                Keep {account.email} instead
              </Button>
            </Form>
          </div>
        ) : !account.isEmailVerified ? (
          <EmailVerificationNotice email={account.email} isChange={false} returnTo="/profile" outcome={verification} />
        ) : null}
        <AccountForm
          id="change-email"
          schema={changeEmailSchema}
          fields={[
            { name: "newEmail", label: "New e-mail address", type: "email", autoComplete: "email", hint: "We send a link there; the change happens once you open it." },
            { name: "currentPassword", label: "Current password", type: "password", autoComplete: "current-password" },
          ]}
          submitLabel="Change e-mail address"
          busyLabel="Sending link…"
          variant="default"
          lastResult={lastResult("change-email")}
        />
      </Section>

      <Section id="password" title="Password" description="Changing it signs out every other device signed in to your account and revokes every API key of the account (clients: create a new key afterwards).">
        <AccountForm
          id="change-password"
          schema={changePasswordSchema}
          fields={[
            { name: "currentPassword", label: "Current password", type: "password", autoComplete: "current-password" },
            { name: "newPassword", label: "New password", type: "password", autoComplete: "new-password", hint: "At least 6 characters" },
          ]}
          submitLabel="Change password"
          busyLabel="Saving…"
          variant="default"
          lastResult={lastResult("change-password")}
        />
      </Section>

      <Section id="sessions" title="Signed-in devices" description="Lost a phone, or signed in on a shared computer? Sign out everywhere, this device included. This also revokes every API key of the account, so software using one stops working until you create a new key.">
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button type="submit" variant="outline">
            Sign out everywhere
          </Button>
        </Form>
      </Section>
    </div>
  );
}

function Section({ id, title, description, children }: { id: string; title: string; description: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 rounded-xl border bg-card p-6">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-bold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}
