import { Link } from "~/components/link";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { formatAdminDateTime, money, platformLabel, reviewLabels } from "~/features/admin/admin-display";
import { adminLoad, parseAdminQuery, runAdminAction } from "~/features/admin/admin-form.server";
import { completionListQuerySchema, completionReviews, queryOf } from "~/features/admin/admin-schemas";
import { ActionButton, AdminPageHeader, Badge, ConfirmAction, EmptyState, Fact, FailureBanner, FilterForm, NoticeBanner, Pagination, SearchField, SelectFilter } from "~/features/admin/admin-ui";
import { listCompletions } from "~/features/admin/completions.server";
import { completionIntents } from "~/features/admin/page-actions.server";
import type { Route } from "./+types/admin.completions";

export function meta() {
  return [{ title: "Completions | Admin | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  const query = parseAdminQuery(completionListQuerySchema, queryOf(url));
  return { query, completions: await adminLoad(listCompletions(admin, query)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  return runAdminAction(request, url, completionIntents);
}

export default function AdminCompletions({ loaderData, actionData }: Route.ComponentProps) {
  const { completions, query } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Completions"
        description="Each reward is held while its completion is under review. Check the worker's handle on the target, then approve it now or reject it with a reason (the reward is reversed and the slot reopens)."
      />
      <NoticeBanner />
      <FailureBanner failure={actionData?.failure} />
      <FilterForm label="Search completions" clearHref="/admin/completions">
        <SearchField label="Search" defaultValue={query.q} placeholder="Worker, handle, target or order id" />
        <SelectFilter name="review" label="Review" value={query.review} anyLabel={null} options={completionReviews.map((review) => [review, reviewLabels[review]] as const)} />
      </FilterForm>
      {completions.items.length === 0 ? (
        <EmptyState>{query.review === "held" && !query.q ? "Nothing is under review." : "No completion matches these filters."}</EmptyState>
      ) : (
        <ul aria-label="Completions" className="grid gap-3">
          {completions.items.map((completion) => (
            <CompletionItem key={completion.id} completion={completion} />
          ))}
        </ul>
      )}
      <Pagination page={completions.page} pageCount={completions.pageCount} total={completions.total} label="Completions" />
    </div>
  );
}

function CompletionItem({ completion }: { completion: Route.ComponentProps["loaderData"]["completions"]["items"][number] }) {
  // What an admin tells completions apart by: who did it, where, and for which order.
  const about = `@${completion.handle} on ${platformLabel(completion.platform)}, order #${completion.orderId}`;
  return (
    <li aria-label={`Completion ${completion.id}`} className="grid gap-3 rounded-xl border bg-card p-4 md:grid-cols-[1fr_auto] md:items-start">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">Completion #{completion.id}</span>
          <Badge value={completion.review} labels={reviewLabels} prefix="Review" />
          <span className="text-sm">{money(completion.reward, completion.currency)}</span>
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Fact label="Worker">
            <Link to={`/admin/users/${completion.worker.id}`} className="text-primary underline underline-offset-4 hover:decoration-2">
              {completion.worker.username}
            </Link>
          </Fact>
          <Fact label="Handle">
            {platformLabel(completion.platform)} @{completion.handle}
          </Fact>
          <Fact label="Target">
            <a href={completion.targetUrl} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline underline-offset-4 hover:decoration-2">
              {completion.targetUrl}
            </a>
          </Fact>
          <Fact label="Order">
            <Link to={`/admin/orders/${completion.orderId}`} className="text-primary underline underline-offset-4 hover:decoration-2">
              #{completion.orderId}
            </Link>
          </Fact>
          <Fact label="Done">{formatAdminDateTime(completion.completedAt)}</Fact>
          <Fact label={completion.review === "held" ? "Held until" : "Reviewed"}>{formatAdminDateTime(completion.review === "held" ? completion.holdUntil : completion.reviewedAt)}</Fact>
          {completion.rejectionReason ? <Fact label="Reason">{completion.rejectionReason}</Fact> : null}
        </dl>
      </div>
      {completion.review === "held" ? (
        <div className="flex flex-wrap items-start gap-2 md:justify-end">
          <ActionButton intent="approve" id={completion.id} variant="default" label={`Approve now: ${about}`}>
            Approve now
          </ActionButton>
          <ConfirmAction
            intent="reject"
            id={completion.id}
            summary="Reject…"
            description={`Reject this completion? ${money(completion.reward, completion.currency)} held for ${completion.worker.username} is reversed and the order takes one more delivery.`}
            confirmLabel="Reject completion"
            subject={about}
            reason={{ label: "Reason (the worker's record keeps it)", placeholder: "e.g. The follow was removed" }}
          />
        </div>
      ) : null}
    </li>
  );
}
