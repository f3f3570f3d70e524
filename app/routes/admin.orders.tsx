import { Link } from "~/components/link";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { formatAdminDateTime, money, orderPaymentLabels, orderStatusLabels, platformLabel } from "~/features/admin/admin-display";
import { adminLoad, parseAdminQuery } from "~/features/admin/admin-form.server";
import { orderListQuerySchema, orderPaymentStatuses, orderStatuses, queryOf } from "~/features/admin/admin-schemas";
import { AdminPageHeader, Badge, EmptyState, FilterForm, NoticeBanner, Pagination, SearchField, SelectFilter } from "~/features/admin/admin-ui";
import { listAdminOrders } from "~/features/admin/orders.server";
import type { Route } from "./+types/admin.orders";

export function meta() {
  return [{ title: "Orders | Admin | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  const query = parseAdminQuery(orderListQuerySchema, queryOf(url));
  return { query, orders: await adminLoad(listAdminOrders(admin, query)) };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, query } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Orders" description="Every client's orders, newest first. Open one to see its screenshot, payments and deliveries, or to cancel it with a refund." />
      <NoticeBanner />
      <FilterForm label="Search orders" clearHref="/admin/orders">
        <SearchField label="Search" defaultValue={query.q} placeholder="Order id, SMB reference, target or client" />
        <SelectFilter name="status" label="Status" value={query.status} options={orderStatuses.map((status) => [status, orderStatusLabels[status]] as const)} />
        <SelectFilter name="paymentStatus" label="Payment" value={query.paymentStatus} options={orderPaymentStatuses.map((status) => [status, orderPaymentLabels[status]] as const)} />
      </FilterForm>

      {orders.items.length === 0 ? (
        <EmptyState>No order matches these filters.</EmptyState>
      ) : (
        <ul aria-label="Orders" className="grid gap-3">
          {orders.items.map((order) => (
            <li key={order.id} aria-label={`Order ${order.id}`} className="grid gap-2 rounded-xl border bg-card p-4 md:grid-cols-[1fr_auto] md:items-center">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Link to={`/admin/orders/${order.id}`} className="font-semibold text-primary underline underline-offset-4 hover:decoration-2">
                    Order #{order.id}
                  </Link>
                  <span>
                    {order.packageName} · {platformLabel(order.platform)}
                  </span>
                  <Badge value={order.expiredAt ? "expired" : order.status} labels={orderStatusLabels} prefix="Status" />
                  <Badge value={order.paymentStatus} labels={orderPaymentLabels} prefix="Payment" />
                  {order.refundRequested && order.paymentStatus === "paid" ? <Badge value="requested" labels={{ requested: "Refund requested" }} /> : null}
                </p>
                <p className="mt-1 break-all text-sm">
                  {order.targetUsername} · client{" "}
                  <Link to={`/admin/users/${order.client.id}`} className="text-primary underline underline-offset-4 hover:decoration-2">
                    {order.client.username}
                  </Link>
                </p>
                <p className="mt-1 text-xs text-muted-foreground">
                  Created {formatAdminDateTime(order.createdAt)}
                  {order.paidAt ? ` · Paid ${formatAdminDateTime(order.paidAt)}` : ""} · Delivered {order.deliveredQuantity} of {order.quantity} ({order.progress}%)
                </p>
              </div>
              <p className="text-lg font-bold md:text-right">{money(order.total, order.currency)}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={orders.page} pageCount={orders.pageCount} total={orders.total} label="Orders" />
    </div>
  );
}
