import { Mail } from "lucide-react";
import { Form } from "react-router";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { formatAdminDateTime, ticketMailto, ticketStatusLabels } from "~/features/admin/admin-display";
import { adminLoad, parseAdminQuery, runAdminAction } from "~/features/admin/admin-form.server";
import { queryOf, ticketListQuerySchema, ticketStatuses } from "~/features/admin/admin-schemas";
import { AdminPageHeader, Badge, ConfirmAction, EmptyState, FailureBanner, FilterForm, NoticeBanner, Pagination, SearchField, SelectFilter } from "~/features/admin/admin-ui";
import { ticketIntents } from "~/features/admin/page-actions.server";
import { listTickets } from "~/features/admin/tickets.server";
import type { Route } from "./+types/admin.tickets";

export function meta() {
  return [{ title: "Support tickets | Admin | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  const query = parseAdminQuery(ticketListQuerySchema, queryOf(url));
  return { query, tickets: await adminLoad(listTickets(admin, query)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  return runAdminAction(request, url, ticketIntents);
}

export default function AdminTickets({ loaderData, actionData }: Route.ComponentProps) {
  const { tickets, query } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Support tickets"
        description="Messages from the support form. Mark a ticket answered with your answer and the store e-mails it to the author (or reply from your own mail program first); close it once the matter is settled."
      />
      <NoticeBanner />
      <FailureBanner failure={actionData?.failure} />
      <FilterForm label="Search tickets" clearHref="/admin/tickets">
        <SearchField label="Search" defaultValue={query.q} placeholder="#id, name, e-mail or subject" />
        <SelectFilter name="status" label="Status" value={query.status} anyLabel={null} options={ticketStatuses.map((status) => [status, ticketStatusLabels[status]] as const)} />
      </FilterForm>
      {tickets.items.length === 0 ? (
        <EmptyState>{query.status === "open" && !query.q ? "No open tickets." : "No ticket matches these filters."}</EmptyState>
      ) : (
        <ul aria-label="Tickets" className="grid gap-3">
          {tickets.items.map((ticket) => (
            <li key={ticket.id} aria-label={`Ticket ${ticket.id}`} className="grid gap-3 rounded-xl border bg-card p-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">
                    #{ticket.id} {ticket.subject}
                  </span>
                  <Badge value={ticket.status} labels={ticketStatusLabels} prefix="Status" />
                  <span className="text-sm text-muted-foreground">{ticket.categoryLabel}</span>
                </p>
                <p className="mt-1 break-words text-sm">
                  {ticket.name} · {ticket.email}
                  {ticket.userId ? (
                    <>
                      {" · "}
                      <Link to={`/admin/users/${ticket.userId}`} className="whitespace-nowrap text-primary underline underline-offset-4 hover:decoration-2">
                        account #{ticket.userId}
                      </Link>
                    </>
                  ) : null}
                  <span className="text-muted-foreground"> · {formatAdminDateTime(ticket.createdAt)}</span>
                </p>
                <p className="mt-3 max-h-60 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-muted/50 p-3 text-sm">{ticket.message}</p>
                {ticket.repliedAt ? (
                  <p className="mt-2 text-xs text-muted-foreground">
                    Answered by {ticket.repliedBy?.username ?? "an admin"} on {formatAdminDateTime(ticket.repliedAt)}
                    {ticket.reply ? `: ${ticket.reply}` : ""}
                  </p>
                ) : null}
              </div>
              {ticket.status !== "closed" ? (
                <div className="flex flex-wrap items-start gap-2">
                  <a href={ticketMailto(ticket)} className={buttonVariants({ variant: "default", size: "sm" })}>
                    <Mail aria-hidden="true" />
                    Reply by e-mail
                    <span className="sr-only"> to {ticket.name} about ticket #{ticket.id}</span>
                  </a>
                  {ticket.status === "open" ? (
                    <details className="w-full sm:w-auto">
                      <summary className={buttonVariants({ variant: "outline", size: "sm", className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden" })}>
                        Mark answered…
                        <span className="sr-only"> ticket #{ticket.id}</span>
                      </summary>
                      <Form method="post" className="mt-2 grid gap-3 rounded-lg border p-3 text-sm sm:w-80">
                        <input type="hidden" name="intent" value="answer" />
                        <input type="hidden" name="id" value={ticket.id} />
                        <label className="grid gap-1 font-medium">
                          Your answer (optional)
                          <textarea
                            name="reply"
                            maxLength={5000}
                            rows={3}
                            aria-describedby={`ticket-${ticket.id}-reply-hint`}
                            className="rounded-md border border-input bg-background px-3 py-2 font-normal focus-visible:outline-2 focus-visible:outline-ring"
                          />
                        </label>
                        <p id={`ticket-${ticket.id}-reply-hint`} className="text-xs text-muted-foreground">
                          {ticket.userId ? "E-mailed to the author, who also sees it beside their ticket on the support page." : "E-mailed to the author (who wrote without an account)."}
                        </p>
                        <Button type="submit" size="sm" aria-label={`Mark answered: ticket #${ticket.id}`}>
                          Mark answered
                        </Button>
                      </Form>
                    </details>
                  ) : null}
                  <ConfirmAction intent="close" id={ticket.id} summary="Close…" description="Close this ticket? It leaves the queues; its history stays." confirmLabel="Close ticket" subject={`ticket #${ticket.id}`} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={tickets.page} pageCount={tickets.pageCount} total={tickets.total} label="Tickets" />
    </div>
  );
}
