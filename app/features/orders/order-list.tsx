import { Link } from "~/components/link";
import { formatApiAmount } from "~/lib/money";
import { orderReference, orderStatusLabel, platformLabel } from "./order-display";
import type { OrderListItem } from "./orders.server";
import { ProfileLink } from "~/components/profile-link";

/**
 * A client's orders as rows (the dashboard's latest five, the /orders history): each row opens the
 * order's page. The order reference is the row's link, stretched over the whole row so anywhere on
 * it works; the profile link sits above the stretched area so it stays its own link.
 */
export function OrderList({ orders, label }: { orders: OrderListItem[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y">
      {orders.map((order) => (
        <li key={order.id} className="relative grid gap-2 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
          <div className="min-w-0">
            <Link
              to={`/orders/${order.id}`}
              className="rounded-sm font-mono font-bold text-primary underline-offset-4 after:absolute after:inset-0 hover:underline focus-ring"
            >
              <span className="sr-only">Order </span>
              {orderReference(order.id, order.created_at)}
            </Link>
            <p className="mt-1 font-semibold">
              {order.package_name} <span className="font-normal text-muted-foreground">· {platformLabel(order.platform)}</span>
            </p>
            <p className="text-sm">
              <ProfileLink url={order.target_url} className="relative z-10" />
            </p>
            <div className="mt-2 flex items-center gap-3">
              <progress value={order.progress} max={100} aria-label={`Order ${order.id} progress`} className="progress-bar h-2 w-40" />
              <span className="text-xs text-muted-foreground">{order.progress}%</span>
            </div>
          </div>
          <div className="flex items-center gap-4 sm:flex-col sm:items-end sm:gap-1">
            <span className="text-sm font-semibold">
              {order.status === "completed" ? "✓ " : ""}
              {orderStatusLabel(order.status, order.expired_at)}
            </span>
            {/* SPEC §9: the client's amounts always in ₵. */}
            <span className="text-sm">{formatApiAmount(order.total_amount)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
