import { Link } from "~/components/link";
import { z } from "zod";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { formatAdminDateTime, money, payoutStatusLabels } from "~/features/admin/admin-display";
import { adminLoad, parseAdminQuery, runAdminAction } from "~/features/admin/admin-form.server";
import { queryOf } from "~/features/admin/admin-schemas";
import { ActionButton, AdminPageHeader, Badge, ConfirmAction, EmptyState, Fact, FailureBanner, FilterForm, NoticeBanner, SelectFilter } from "~/features/admin/admin-ui";
import { payoutIntents } from "~/features/admin/page-actions.server";
import { PayoutOtpForm } from "~/features/payouts/payout-otp-form";
import { listPayouts } from "~/features/payouts/payouts.server";
import type { Route } from "./+types/admin.payouts";
import { payoutNetworkName } from "~/features/payouts/payout-display";

export function meta() {
  return [{ title: "Payouts | Admin | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const payoutStatuses = ["pending", "processing", "awaiting_otp", "success", "failed", "reversed", "rejected"] as const;
const querySchema = z.object({ status: z.enum([...payoutStatuses, "all"], { error: "Unknown status" }).default("pending") });

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  const query = parseAdminQuery(querySchema, queryOf(url));
  return { query, payouts: await adminLoad(listPayouts(admin, query.status === "all" ? undefined : query.status)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  return runAdminAction(request, url, payoutIntents);
}

export default function AdminPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { payouts, query } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Payouts"
        description="Workers' withdrawals of their available earnings. The amount is reserved when the worker asks; approving sends a Paystack transfer to the wallet, rejecting gives the amount back. A transfer Paystack holds for its OTP waits here for it; a transfer that never reached Paystack is sent again automatically, or by you."
      />
      <NoticeBanner />
      <FailureBanner failure={actionData?.failure} />
      <FilterForm label="Filter payouts" clearHref="/admin/payouts">
        <SelectFilter name="status" label="Status" value={query.status} anyLabel={null} options={[...payoutStatuses, "all"].map((status) => [status, payoutStatusLabels[status]] as const)} />
      </FilterForm>
      {payouts.length === 0 ? (
        <EmptyState>{query.status === "pending" ? "No withdrawal is waiting for approval." : "No payout matches this filter."}</EmptyState>
      ) : (
        <ul aria-label="Payouts" className="grid gap-3">
          {payouts.map((payout) => (
            <PayoutItem key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </div>
  );
}

type PayoutView = Route.ComponentProps["loaderData"]["payouts"][number];

function PayoutItem({ payout }: { payout: PayoutView }) {
  // What an admin tells payouts apart by: the amount and whose it is.
  const about = `payout #${payout.id}, ${money(payout.amount, payout.currency)} to ${payout.worker?.fullName ?? "the worker"}`;
  return (
    <li aria-label={`Payout ${payout.id}`} className="grid gap-3 rounded-xl border bg-card p-4 md:grid-cols-[1fr_auto] md:items-start">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">Payout #{payout.id}</span>
          <Badge value={payout.status} labels={payoutStatusLabels} prefix="Status" />
          <span className="text-sm">{money(payout.amount, payout.currency)}</span>
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {payout.worker ? (
            <Fact label="Worker">
              <Link to={`/admin/users/${payout.worker.id}`} className="text-primary underline underline-offset-4 hover:decoration-2">
                {payout.worker.fullName}
              </Link>
            </Fact>
          ) : null}
          <Fact label="Wallet">
            {payoutNetworkName(payout.provider)} {payout.phone}
          </Fact>
          <Fact label="Requested">{formatAdminDateTime(payout.createdAt)}</Fact>
          <Fact label="Reference">{payout.reference}</Fact>
          {payout.failureReason ? <Fact label="Reason">{payout.failureReason}</Fact> : null}
          {payout.transferAttempts ? (
            <Fact label="Transfer sent">
              {payout.transferAttempts === 1 ? "once" : `${payout.transferAttempts} times`}
              {payout.lastSentAt ? `, last ${formatAdminDateTime(payout.lastSentAt)}` : ""}
            </Fact>
          ) : null}
        </dl>
      </div>
      {payout.status === "pending" ? (
        <div className="flex flex-wrap items-start gap-2 md:justify-end">
          <ActionButton intent="approve" id={payout.id} variant="default" label={`Approve and send ${about}`}>
            Approve and send
          </ActionButton>
          <ConfirmAction
            intent="reject"
            id={payout.id}
            summary="Reject…"
            description={`Reject this withdrawal? ${money(payout.amount, payout.currency)} goes back to the worker's balance.`}
            confirmLabel="Reject payout"
            subject={about}
            reason={{ label: "Reason (the worker sees it)", placeholder: "e.g. The wallet name does not match the account" }}
          />
        </div>
      ) : null}
      {payout.status === "processing" || payout.status === "awaiting_otp" ? (
        <div className="flex flex-wrap items-start gap-2 md:justify-end">
          {payout.status === "awaiting_otp" ? (
            <>
              <PayoutOtpForm payoutId={payout.id} subject={about} />
              <ActionButton intent="resend-otp" id={payout.id} label={`Resend OTP for ${about}`}>
                Resend OTP
              </ActionButton>
            </>
          ) : (
            <ActionButton intent="retry" id={payout.id} label={`Send again: ${about}`}>
              Send again
            </ActionButton>
          )}
          <ConfirmAction
            intent="fail"
            id={payout.id}
            summary="Fail…"
            description={`Give up on this transfer? ${money(payout.amount, payout.currency)} goes back to the worker's balance. Refused while Paystack may still pay it.`}
            confirmLabel="Fail payout"
            subject={about}
            reason={{ label: "Reason (the worker sees it)", placeholder: "e.g. The wallet cannot receive transfers" }}
          />
        </div>
      ) : null}
    </li>
  );
}
