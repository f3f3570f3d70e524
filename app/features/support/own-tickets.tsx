import { cn } from "~/lib/cn";
import type { OwnSupportTicket, SupportTicketStatus } from "./support.server";

const statusLabels: Record<SupportTicketStatus, string> = { open: "Waiting for our answer", answered: "Answered", closed: "Closed" };
const statusTones: Record<SupportTicketStatus, string> = {
  open: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  answered: "bg-primary/10 text-primary",
  closed: "bg-muted text-muted-foreground",
};

/**
 * A signed-in visitor's own tickets on /support (newest first, at most OWN_TICKETS_SHOWN), each with
 * its number, state and the team's answer. The answer itself went by e-mail; the note shown here is
 * what the admin recorded when marking the ticket answered.
 */
export function OwnTickets({ tickets }: { tickets: OwnSupportTicket[] }) {
  return (
    <section id="your-tickets" aria-labelledby="your-tickets-heading" className="scroll-mt-24 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
      <h2 id="your-tickets-heading" className="text-2xl font-bold tracking-tight">
        Your tickets
      </h2>
      {tickets.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          No tickets yet. Messages you send with the form while signed in are listed here, with our answers.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            The latest messages you sent while signed in, newest first, with our answers.
          </p>
          <ul className="mt-6 grid gap-4">
            {tickets.map((ticket) => (
              <li key={ticket.id} className="rounded-xl border p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
                  <h3 className="min-w-0 break-words font-semibold">
                    <span className="font-mono">#{ticket.id}</span> {ticket.subject}
                  </h3>
                  <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", statusTones[ticket.status])}>{statusLabels[ticket.status]}</span>
                </div>
                <p className="mt-1 text-xs text-muted-foreground">
                  {ticket.categoryLabel} · sent {ticket.sentAt}
                </p>
                <details className="mt-3 text-sm">
                  <summary className="cursor-pointer rounded-sm font-medium text-primary focus-ring">Your message</summary>
                  <p className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-muted/50 p-3">{ticket.message}</p>
                </details>
                <TicketAnswer ticket={ticket} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function TicketAnswer({ ticket }: { ticket: OwnSupportTicket }) {
  if (ticket.reply) {
    return (
      <div className="mt-3 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
        <p className="font-semibold">Our answer{ticket.repliedAt ? `, ${ticket.repliedAt}` : ""}</p>
        <p className="mt-1 whitespace-pre-wrap break-words">{ticket.reply}</p>
      </div>
    );
  }
  if (ticket.repliedAt) return <p className="mt-3 text-sm">We answered by e-mail to {ticket.email} on {ticket.repliedAt}.</p>;
  if (ticket.status === "closed") return <p className="mt-3 text-sm">This ticket is closed.</p>;
  return <p className="mt-3 text-sm text-muted-foreground">We will answer by e-mail to {ticket.email}.</p>;
}
