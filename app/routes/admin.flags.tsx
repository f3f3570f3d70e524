import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { ProfileLink } from "~/components/profile-link";
import { Button } from "~/components/ui/button";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { formatAdminDateTime } from "~/features/admin/admin-display";
import { adminLoad, parseAdminQuery, runAdminAction } from "~/features/admin/admin-form.server";
import { queryOf } from "~/features/admin/admin-schemas";
import { AdminPageHeader, EmptyState, Fact, FailureBanner, FilterForm, NoticeBanner, SelectFilter } from "~/features/admin/admin-ui";
import { flagIntents } from "~/features/admin/page-actions.server";
import { adminFlagQuerySchema, type AdminFlagView, listFlagsForAdmin } from "~/features/deliveries/decisions.server";
import { deliveryStateLabels } from "~/features/deliveries/delivery-rules";
import type { Route } from "./+types/admin.flags";

export function meta() {
  return [{ title: "Flags | Admin | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  const query = parseAdminQuery(adminFlagQuerySchema, queryOf(url));
  return { query, flags: await adminLoad(listFlagsForAdmin(admin, query)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  return runAdminAction(request, url, flagIntents);
}

const stateOptions = [
  ["under_review", "Screenshot sent: to decide"],
  ["screening", "To screen: the client's flags were often rejected"],
  ["flagged", "Waiting for the worker's screenshot"],
  ["stood", "Decided: stood"],
  ["dropped", "Decided: dropped"],
] as const;

/**
 * Admin › Flags (issue #48): each delivery a client flagged and its worker answered, with both
 * sides side by side (the client's note and record, the worker's screenshot and record, both
 * profiles) and the decision as one form: a reason and Uphold or Reject. Keyboard and no-JS alike.
 */
export default function AdminFlags({ loaderData, actionData }: Route.ComponentProps) {
  const { flags, query } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Flags"
        description="Deliveries a client could not find. Compare the worker's screenshot with both profiles, then uphold the flag (the delivery is dropped, its reward taken back and the unit delivered again by another worker) or reject it (the delivery stands). Both sides see your reason."
      />
      <NoticeBanner />
      <FailureBanner failure={actionData?.failure} />
      <FilterForm label="Filter flags" clearHref="/admin/flags">
        <SelectFilter name="state" label="State" value={query.state} anyLabel={null} options={stateOptions} />
      </FilterForm>
      {flags.length === 0 ? (
        <EmptyState>{query.state === "under_review" ? "No screenshot is waiting for a decision." : "No flag is in this state."}</EmptyState>
      ) : (
        <ul aria-label="Flags" className="grid gap-3">
          {flags.map((flag) => (
            <FlagItem key={flag.deliveryId} flag={flag} />
          ))}
        </ul>
      )}
    </div>
  );
}

function FlagItem({ flag }: { flag: AdminFlagView }) {
  const navigation = useNavigation();
  const isDeciding = navigation.state !== "idle" && navigation.formData?.get("id") === String(flag.deliveryId);
  const reasonId = `reason-${flag.deliveryId}`;
  // Every flag has the same buttons: a screen reader's list of them says which delivery each decides.
  const about = `delivery #${flag.deliveryId} by @${flag.handle}, order #${flag.orderId}`;
  return (
    <li aria-label={`Delivery ${flag.deliveryId}`} className="grid gap-4 rounded-xl border bg-card p-4 lg:grid-cols-[1fr_16rem]">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">Delivery #{flag.deliveryId}</span>
          <span className="rounded-full border px-2 py-0.5 text-xs font-semibold">{deliveryStateLabels[flag.state]}</span>
          {flag.isSpotCheck ? <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">Spot check</span> : null}
          <Link to={`/admin/orders/${flag.orderId}`} className="text-sm text-primary underline underline-offset-4 hover:decoration-2">
            Order #{flag.orderId}
          </Link>
        </p>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Fact label="The client's profile">
            <ProfileLink url={flag.targetUrl} />
          </Fact>
          <Fact label="Delivered as">{flag.handleUrl ? <ProfileLink url={flag.handleUrl}>@{flag.handle}</ProfileLink> : `@${flag.handle}`}</Fact>
          <Fact label="Client's note">{flag.isSpotCheck ? "None: the store's spot check asked, not the client." : (flag.clientNote ?? "No note.")}</Fact>
          <Fact label={flag.isSpotCheck ? "Checked" : "Flagged"}>
            {formatAdminDateTime(flag.flaggedAt)};{" "}
            {flag.evidenceAt
              ? `screenshot sent ${formatAdminDateTime(flag.evidenceAt)}`
              : flag.evidenceDueAt
                ? `screenshot due by ${formatAdminDateTime(flag.evidenceDueAt)}`
                : "the worker is not asked until you screen it"}
          </Fact>
          <Fact label={`Client ${flag.client.username}, last 30 days`}>
            {flag.client.flagsUpheld} flags upheld, {flag.client.flagsRejected} rejected
          </Fact>
          <Fact label={`Worker ${flag.worker.username}, last 90 days`}>
            {flag.worker.stood} flagged deliveries stood, {flag.worker.dropped} dropped
          </Fact>
          {flag.decisionReason ? <Fact label="Reason given">{flag.decisionReason}</Fact> : null}
        </dl>
        {flag.state === "under_review" || flag.state === "screening" ? (
          <Form method="post" className="mt-4 grid gap-2">
            <input type="hidden" name="id" value={flag.deliveryId} />
            <label htmlFor={reasonId} className="text-sm font-medium">
              Reason (the worker and the client see it)
              <span className="sr-only"> for delivery #{flag.deliveryId}</span>
            </label>
            <textarea id={reasonId} name="reason" rows={2} required minLength={3} maxLength={500} className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm" />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="reject" size="sm" disabled={isDeciding} aria-label={`Reject: it stands, ${about}`}>
                Reject: it stands
              </Button>
              {flag.state === "screening" ? (
                <Button type="submit" name="intent" value="ask" size="sm" variant="outline" disabled={isDeciding} aria-label={`Ask the worker, ${about}`}>
                  Ask the worker
                </Button>
              ) : (
                <Button type="submit" name="intent" value="uphold" size="sm" variant="outline" disabled={isDeciding} aria-label={`Uphold: drop it, ${about}`}>
                  Uphold: drop it
                </Button>
              )}
            </div>
          </Form>
        ) : null}
      </div>
      <figure className="grid content-start gap-1">
        {flag.screenshotUrl ? (
          <a href={flag.screenshotUrl} target="_blank" rel="noopener noreferrer" className="focus-ring">
            <img src={flag.screenshotUrl} alt={`The worker's screenshot for delivery ${flag.deliveryId}`} className="max-h-80 w-full rounded-lg border object-contain" />
          </a>
        ) : (
          <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">No screenshot yet.</p>
        )}
        <figcaption className="text-xs text-muted-foreground">The worker's screenshot (opens full size in a new tab).</figcaption>
      </figure>
    </li>
  );
}
