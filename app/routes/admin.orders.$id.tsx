import { Link } from "~/components/link";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { formatAdminDateTime, kindLabel, money, orderPaymentLabels, orderStatusLabels, platformLabel, reviewLabels } from "~/features/admin/admin-display";
import { adminLoad, runAdminAction } from "~/features/admin/admin-form.server";
import { parseRecordId } from "~/lib/record-id";
import { AdminCard, AdminPageHeader, Badge, ConfirmAction, Fact, FailureBanner, NoticeBanner } from "~/features/admin/admin-ui";
import { AuditHistory } from "~/features/admin/audit-history";
import { getAdminOrder } from "~/features/admin/orders.server";
import { orderIntents, paymentIntents } from "~/features/admin/page-actions.server";
import { PaymentAttemptItem } from "~/features/admin/payment-attempt-item";
import type { Route } from "./+types/admin.orders.$id";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Order #${data?.order.id ?? ""} | Admin | Social Media Boost` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  return { order: await adminLoad(getAdminOrder(admin, parseRecordId(params.id))) };
}

export async function action({ request, url }: Route.ActionArgs) {
  return runAdminAction(request, url, { ...orderIntents, ...paymentIntents });
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader title={`Order #${order.id}`} description={`${order.packageName} · ${platformLabel(order.platform)} · ${order.targetUsername}`}>
        <Link to="/admin/orders" className="text-sm font-medium text-primary underline underline-offset-4 hover:decoration-2">
          All orders
        </Link>
      </AdminPageHeader>
      <NoticeBanner />
      <FailureBanner failure={actionData?.failure} />

      <AdminCard labelledBy="order-heading">
        <h2 id="order-heading" className="flex flex-wrap items-center gap-2 text-lg font-bold">
          Order
          <Badge value={order.expiredAt ? "expired" : order.status} labels={orderStatusLabels} prefix="Status" />
          <Badge value={order.paymentStatus} labels={orderPaymentLabels} prefix="Payment" />
          {order.refundRequested && order.paymentStatus === "paid" ? <Badge value="requested" labels={{ requested: "Refund requested" }} /> : null}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Fact label="Client">
            <Link to={`/admin/users/${order.client.id}`} className="text-primary underline underline-offset-4 hover:decoration-2">
              {order.client.username}
            </Link>
            <span className="block break-all text-muted-foreground">{order.client.email}</span>
          </Fact>
          <Fact label="Target">
            <a href={order.targetUrl} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline underline-offset-4 hover:decoration-2">
              {order.targetUrl}
            </a>
          </Fact>
          <Fact label="Delivered">
            {order.deliveredQuantity} of {order.quantity} ({order.progress}%)
          </Fact>
          <Fact label="Total">
            {money(order.total, order.currency)}
            <span className="block text-muted-foreground">
              {money(order.price, order.currency)} + {money(order.fee, order.currency)} fee
            </span>
          </Fact>
          <Fact label="Created">{formatAdminDateTime(order.createdAt)}</Fact>
          <Fact label="Paid">{formatAdminDateTime(order.paidAt)}</Fact>
          <Fact label="Completed">{formatAdminDateTime(order.completedAt)}</Fact>
          <Fact label="Cancelled">{formatAdminDateTime(order.cancelledAt)}</Fact>
          {order.expiredAt ? <Fact label="Expired (not paid in time)">{formatAdminDateTime(order.expiredAt)}</Fact> : null}
          {order.refundRequestedAt ? <Fact label="Refund requested">{formatAdminDateTime(order.refundRequestedAt)}</Fact> : null}
        </dl>
        {order.canCancelWithRefund ? (
          <div className="mt-5 border-t pt-4">
            <ConfirmAction
              intent="cancel"
              id={order.id}
              summary="Cancel with refund…"
              description={`Cancel this order and refund ${money(order.total, order.currency)} to the client? Its open task closes at once; work already done stays paid to the workers.`}
              confirmLabel="Cancel order and refund"
              subject={`order #${order.id}`}
              reason={{ label: "Reason (kept in the audit log)" }}
            />
          </div>
        ) : null}
      </AdminCard>

      <AdminCard labelledBy="screenshot-heading">
        <h2 id="screenshot-heading" className="text-lg font-bold">
          Account screenshot
        </h2>
        {order.screenshot ? (
          <a href={order.screenshot.url} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block">
            <img src={order.screenshot.url} alt={`Screenshot of ${order.targetUsername} sent with the order`} className="max-h-96 rounded-lg border" />
          </a>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">The client sent no screenshot.</p>
        )}
      </AdminCard>

      <AdminCard labelledBy="payments-heading">
        <h2 id="payments-heading" className="text-lg font-bold">
          Payment attempts
        </h2>
        {order.payments.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No payment was attempted.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {order.payments.map((attempt) => (
              <PaymentAttemptItem key={attempt.id} attempt={attempt} showOrder={false} />
            ))}
          </ul>
        )}
      </AdminCard>

      <AdminCard labelledBy="deliveries-heading">
        <h2 id="deliveries-heading" className="text-lg font-bold">
          Deliveries
        </h2>
        {order.deliveries.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No task yet: a task opens once the order is paid.</p>
        ) : (
          order.deliveries.map((task) => (
            <div key={task.id} className="mt-3 rounded-lg border p-3">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold">Task #{task.id}</span>
                <span>
                  {kindLabel(task.type)} · {task.completionCount} of {task.requiredCompletions} done · {money(task.reward)} per action
                </span>
                <Badge value={task.status} labels={{ available: "Open", completed: "Completed", cancelled: "Closed" }} prefix="Task" />
              </p>
              {task.completions.length === 0 ? (
                <p className="mt-2 text-sm text-muted-foreground">No completion yet.</p>
              ) : (
                <ul className="mt-2 divide-y text-sm">
                  {task.completions.map((completion) => (
                    <li key={completion.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span>
                        <Link to={`/admin/completions?review=all&q=%23c${completion.id}`} className="text-primary underline underline-offset-4 hover:decoration-2">
                          Completion #{completion.id}
                        </Link>{" "}
                        by {completion.worker.username} as @{completion.handle} · {formatAdminDateTime(completion.completedAt)}
                        {completion.rejectionReason ? <span className="text-muted-foreground"> · {completion.rejectionReason}</span> : null}
                      </span>
                      <Badge value={completion.review} labels={reviewLabels} prefix="Review" />
                    </li>
                  ))}
                </ul>
              )}
              {task.totalCompletions > task.completions.length ? (
                <p className="mt-2 text-xs text-muted-foreground">
                  Showing the latest {task.completions.length} of {task.totalCompletions}.{" "}
                  <Link to={`/admin/completions?review=all&q=${order.id}`} className="text-primary underline underline-offset-4 hover:decoration-2">
                    See all
                  </Link>
                </p>
              ) : null}
            </div>
          ))
        )}
      </AdminCard>

      <AuditHistory entries={order.history} />
    </div>
  );
}
