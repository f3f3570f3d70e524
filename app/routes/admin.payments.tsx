import { requireAdminPage } from "~/features/admin/admin-access.server";
import { attemptStatusLabels, channelLabels, refundStateLabels } from "~/features/admin/admin-display";
import { adminLoad, parseAdminQuery, runAdminAction } from "~/features/admin/admin-form.server";
import { paymentChannels, paymentListQuerySchema, paymentStatusFilters, queryOf, refundFilters } from "~/features/admin/admin-schemas";
import { AdminPageHeader, EmptyState, FailureBanner, FilterForm, NoticeBanner, Pagination, SearchField, SelectFilter } from "~/features/admin/admin-ui";
import { paymentIntents } from "~/features/admin/page-actions.server";
import { PaymentAttemptItem } from "~/features/admin/payment-attempt-item";
import { listPaymentAttempts } from "~/features/admin/payment-attempts.server";
import type { Route } from "./+types/admin.payments";

export function meta() {
  return [{ title: "Payments | Admin | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  const query = parseAdminQuery(paymentListQuerySchema, queryOf(url));
  return { query, payments: await adminLoad(listPaymentAttempts(admin, query)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  return runAdminAction(request, url, paymentIntents);
}

export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { payments, query } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Payments"
        description="Every payment attempt with Paystack's answer and its refund. The reconciler checks open payments on its own; “Re-verify now” asks Paystack at once."
      />
      <NoticeBanner />
      <FailureBanner failure={actionData?.failure} />
      <FilterForm label="Search payments" clearHref="/admin/payments">
        <SearchField label="Search" defaultValue={query.q} placeholder="Reference, order id or payer e-mail" />
        <SelectFilter name="status" label="Status" value={query.status} options={paymentStatusFilters.map((status) => [status, attemptStatusLabels[status]] as const)} />
        <SelectFilter name="channel" label="Channel" value={query.channel} options={paymentChannels.map((channel) => [channel, channelLabels[channel]] as const)} />
        <SelectFilter name="refund" label="Refund" value={query.refund} options={refundFilters.map((state) => [state, refundStateLabels[state]] as const)} />
      </FilterForm>
      {payments.items.length === 0 ? (
        <EmptyState>No payment matches these filters.</EmptyState>
      ) : (
        <ul aria-label="Payments" className="grid gap-3">
          {payments.items.map((attempt) => (
            <PaymentAttemptItem key={attempt.id} attempt={attempt} />
          ))}
        </ul>
      )}
      <Pagination page={payments.page} pageCount={payments.pageCount} total={payments.total} label="Payments" />
    </div>
  );
}
