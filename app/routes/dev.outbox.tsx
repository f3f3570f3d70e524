import { data } from "react-router";
import { listOutbox } from "~/features/mail/outbox-listing.server";
import { mayReadOutboxPage, outboxPageAudience } from "~/features/mail/outbox-page-access.server";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/dev.outbox";

/*
 * The mailbox of a store that sends no e-mail: the e-mails it queued, newest first, with their links
 * clickable. Who may read it is outbox-page-access.server.ts's rule (decision 0049); anyone else
 * finds no such page (404), as for any address that does not exist.
 */

export function meta() {
  return [{ title: "Outbox | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const audience = outboxPageAudience(getEnv());
  if (!mayReadOutboxPage(audience, { peerAddress: context.peerAddress, headers: request.headers })) throw data("Not Found", { status: 404 });
  return { ...(await listOutbox()), audience: audience.audience };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, transport, audience } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">{audience === "everyone" ? "Development" : "Only on this machine"}</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Outbox</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        The e-mails the store queued, newest first (the last {messages.length === 50 ? "50" : messages.length}). They are sent to {transport}.
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-xl border bg-card p-6 text-muted-foreground">No e-mail yet. Create an account or ask for a password reset, and it appears here.</p>
      ) : (
        <ol aria-label="Messages" className="mt-8 grid gap-4">
          {messages.map((message) => (
            <li key={message.id} aria-label={message.subject} className="grid gap-2 rounded-xl border bg-card p-4">
              <p className="font-semibold">{message.subject}</p>
              <p className="text-sm text-muted-foreground">
                To <span className="break-all">{message.recipient}</span> · {message.createdAt} · {message.status}
                {message.file ? ` · ${message.file}` : ""}
              </p>
              <pre className="whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">
                {message.parts.map((part, index) =>
                  part.link ? (
                    <a key={index} href={part.text} className="text-primary underline">
                      {part.text}
                    </a>
                  ) : (
                    part.text
                  ),
                )}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
