import type { SubmissionResult } from "@conform-to/react";
import { CheckCircle2, Copy, KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { Button } from "~/components/ui/button";
import { AccountForm, inputClass } from "~/features/auth";
import { formatOrderDateTime } from "~/lib/date-time";
import { useHydrated } from "~/lib/use-hydrated";
import type { ApiKeyView } from "./api-keys.server";
import { createApiKeyFormSchema } from "./api-key-schema";

/** One key as the page lists it: dates already worded on the server (the browser's ICU may differ). */
export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  created: string;
  lastUsed: string | null;
  requestCount: number;
  revoked: string | null;
}

export function apiKeyRowOf(key: ApiKeyView): ApiKeyRow {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created: formatOrderDateTime(key.createdAt),
    lastUsed: key.lastUsedAt ? formatOrderDateTime(key.lastUsedAt) : null,
    requestCount: key.requestCount,
    revoked: key.revokedAt ? formatOrderDateTime(key.revokedAt) : null,
  };
}

/** The answer of the "Create API key" form: its conform result, and the new key the one time it exists in plain. */
export interface ApiAccessAnswer {
  result: SubmissionResult<string[]>;
  createdKey: { name: string; key: string } | null;
}

interface ApiAccessProps {
  keys: ApiKeyRow[];
  answer: ApiAccessAnswer | null;
  /** A key was just revoked (`?saved=api-key-revoked` after the post). */
  revoked: boolean;
}

/**
 * "API access" on /profile, for clients (issue #20): their keys for the reseller API, a form that
 * creates one and a button that revokes each. Plain posts to /profile's action, so it works without
 * JavaScript. The new key comes back in the action's answer, never in an address, so it is shown
 * once: coming back to the page does not show it again.
 */
export function ApiAccess({ keys, answer, revoked }: ApiAccessProps) {
  return (
    // scroll-mt: the posts come back to #api-access, which must not hide under the sticky header.
    <section id="api-access" aria-labelledby="api-access-heading" className="grid scroll-mt-24 gap-4 rounded-xl border bg-card p-6">
      <div>
        <h2 id="api-access-heading" className="flex items-center gap-2 text-lg font-bold">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          API access
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          An API key lets your own panel or software list our services, place orders paid from your wallet balance and follow them, through the
          SMM panel API v2 that panel software already speaks. Read the{" "}
          <Link to="/api-docs" className="font-medium text-primary underline-offset-4 hover:underline">
            API documentation
          </Link>
          .
        </p>
        <p className="mt-2 text-sm text-muted-foreground">To rotate a key, create a new one, put it in your software, then revoke the old one.</p>
        <p className="mt-2 text-sm text-muted-foreground">
          Creating a key asks for your password, and we e-mail you about every new key. Changing or resetting your password, and signing out everywhere, revoke
          every key.
        </p>
      </div>

      {answer?.createdKey ? <NewKey name={answer.createdKey.name} secret={answer.createdKey.key} /> : null}
      {revoked ? (
        <p role="status" className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-medium">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          The key is revoked: requests made with it are refused from now on.
        </p>
      ) : null}

      {keys.length === 0 ? (
        <p className="text-sm">You have no API keys yet.</p>
      ) : (
        <ul aria-label="Your API keys" className="divide-y rounded-lg border">
          {keys.map((key) => (
            <KeyItem key={key.id} apiKey={key} />
          ))}
        </ul>
      )}

      <AccountForm
        id="create-api-key"
        // Back at this section after the post, with or without JavaScript.
        action="/profile#api-access"
        schema={createApiKeyFormSchema}
        fields={[
          { name: "name", label: "Key name (optional)", type: "text", autoComplete: "off", hint: "Where it is used, e.g. “My panel”: up to 60 characters." },
          { name: "password", label: "Your password", type: "password", autoComplete: "current-password" },
        ]}
        submitLabel="Create API key"
        busyLabel="Creating…"
        variant="default"
        lastResult={answer?.result ?? null}
      />
    </section>
  );
}

/**
 * The new key, in a read-only field to select and copy (selected at once with JavaScript), and a
 * Copy button where the browser lets a page write to the clipboard. Without JavaScript, or without
 * that permission, there is no button: the key stays selected text to copy by hand.
 */
function NewKey({ name, secret }: { name: string; secret: string }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const isHydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  // Only in a secure context (HTTPS, or this machine) does the browser offer the clipboard.
  const canCopy = isHydrated && typeof navigator.clipboard?.writeText === "function";
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
    setCopied(null);
  }, [secret]);
  const copy = () => {
    navigator.clipboard.writeText(secret).then(
      () => setCopied("yes"),
      () => {
        // Refused (a permission, a document without focus): the key is selected for copying by hand.
        setCopied("failed");
        field.current?.select();
      },
    );
  };
  return (
    <div className="grid gap-2 rounded-lg border border-primary/30 bg-primary/5 p-4">
      <label htmlFor="new-api-key" className="text-sm font-semibold">
        Your new API key “{name}”
      </label>
      {/* A textarea, so the whole key wraps into view on a phone. */}
      <textarea
        ref={field}
        id="new-api-key"
        readOnly
        value={secret}
        rows={2}
        spellCheck={false}
        autoComplete="off"
        aria-describedby="new-api-key-note"
        onFocus={(event) => event.currentTarget.select()}
        className={`${inputClass} h-auto resize-none break-all py-2 font-mono`}
      />
      <p id="new-api-key-note" role="status" className="text-sm font-medium">
        Copy this key now: it will not be shown again.
      </p>
      {canCopy ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            <Copy aria-hidden="true" />
            Copy key
          </Button>
          {/* Present before anything is copied, so a screen reader hears what changes in it. */}
          <p role="status" className="text-sm font-medium">
            {copied === "yes" ? (
              <span className="inline-flex items-center gap-1.5">
                <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
                Copied to your clipboard.
              </span>
            ) : copied === "failed" ? (
              "Could not copy: the key is selected, copy it with your keyboard or menu."
            ) : null}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function KeyItem({ apiKey }: { apiKey: ApiKeyRow }) {
  const navigation = useNavigation();
  const isRevoking = navigation.state !== "idle" && navigation.formData?.get("intent") === "revoke-api-key" && navigation.formData.get("keyId") === String(apiKey.id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
      <div className="grid min-w-0 gap-1">
        <p className="break-words">
          <span className="font-semibold">{apiKey.name}</span> <span className="font-mono text-muted-foreground">{apiKey.prefix}…</span>
        </p>
        <p className="text-xs text-muted-foreground">
          Created {apiKey.created} · {apiKey.lastUsed ? `last used ${apiKey.lastUsed}` : "never used"} · {apiKey.requestCount}{" "}
          {apiKey.requestCount === 1 ? "request" : "requests"}
        </p>
      </div>
      {apiKey.revoked ? (
        <p className="text-xs font-medium text-muted-foreground">Revoked {apiKey.revoked}</p>
      ) : (
        <Form method="post" action="/profile#api-access">
          <input type="hidden" name="intent" value="revoke-api-key" />
          <input type="hidden" name="keyId" value={apiKey.id} />
          <Button type="submit" variant="outline" size="sm" disabled={isRevoking}>
            {isRevoking ? "Revoking…" : "Revoke"}
            <span className="sr-only">
              {" "}
              {apiKey.name} ({apiKey.prefix}…)
            </span>
          </Button>
        </Form>
      )}
    </li>
  );
}
