import { StatCards } from "~/components/ui/stat-cards";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { formatApiAmount } from "~/lib/money";
import { orderStatusLabel } from "./order-display";
import type { ClientStats, OrderListItem } from "./orders.server";

const cedis = (amount: number) => formatApiAmount(amount);

/** The client's dashboard: stats (always in ₵, SPEC §9), quick links, and the latest 5 orders. */
export function ClientOverview({ stats, latestOrders }: { stats: ClientStats; latestOrders: OrderListItem[] }) {
  return (
    <div className="grid gap-8">
      <StatCards
        className="sm:grid-cols-3"
        stats={[
          ["Total orders", String(stats.totalOrders)],
          ["Active orders", String(stats.activeOrders)],
          ["Total spent", cedis(stats.totalSpent)],
        ]}
      />

      <section aria-labelledby="quick-links" className="rounded-xl border bg-card p-6">
        <h2 id="quick-links" className="text-lg font-bold">
          Grow an account
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          {(
            [
              ["instagram", "Instagram"],
              ["tiktok", "TikTok"],
              ["youtube", "YouTube"],
            ] as const
          ).map(([platform, label]) => (
            <Link key={platform} to={`/packages?platform=${platform}`} className={buttonVariants({ variant: "outline" })}>
              {label} packages
            </Link>
          ))}
        </div>
      </section>

      <section aria-labelledby="recent-orders" className="rounded-xl border bg-card p-6">
        <h2 id="recent-orders" className="text-lg font-bold">
          Recent orders
        </h2>
        {latestOrders.length === 0 ? (
          <p className="mt-3 text-muted-foreground">No orders yet. Pick a package to start growing an account.</p>
        ) : (
          <ul className="mt-4 divide-y">
            {latestOrders.map((order) => (
              <li key={order.id} className="grid gap-2 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
                <div>
                  <p className="font-semibold">
                    {order.package_name} <span className="font-normal text-muted-foreground">· {order.platform}</span>
                  </p>
                  <p className="break-all text-sm text-muted-foreground">{order.target_url}</p>
                  <div className="mt-2 flex items-center gap-3">
                    <progress value={order.progress} max={100} aria-label={`Order ${order.id} progress`} className="h-2 w-40 accent-primary" />
                    <span className="text-xs text-muted-foreground">{order.progress}%</span>
                  </div>
                </div>
                <div className="flex items-center gap-4 sm:flex-col sm:items-end sm:gap-1">
                  <span className="text-sm font-semibold">
                    {order.status === "completed" ? "✓ " : ""}
                    {orderStatusLabel(order.status)}
                  </span>
                  <span className="text-sm">{cedis(order.total_amount)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
