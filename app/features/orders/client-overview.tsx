import { StatCards } from "~/components/ui/stat-cards";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { formatApiAmount } from "~/lib/money";
import { OrderList } from "./order-list";
import type { ClientStats, OrderListItem } from "./orders.server";

const cedis = (amount: number) => formatApiAmount(amount);

/**
 * The client's dashboard: stats (always in ₵, SPEC §9), the wallet's balance (issue #20), quick links,
 * and the latest 5 orders, each opening its page.
 */
export function ClientOverview({ stats, latestOrders, walletBalance }: { stats: ClientStats; latestOrders: OrderListItem[]; walletBalance: string }) {
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

      <section aria-labelledby="wallet-summary" className="flex flex-wrap items-center justify-between gap-4 rounded-xl border bg-card p-6">
        <div>
          <h2 id="wallet-summary" className="text-lg font-bold">
            Wallet
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Balance <span className="font-semibold text-foreground tabular-nums">{walletBalance}</span>. Orders paid from it carry no processing fee.
          </p>
        </div>
        <Link to="/wallet" className={buttonVariants({ variant: "outline" })}>
          Wallet
        </Link>
      </section>

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
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="recent-orders" className="text-lg font-bold">
            Recent orders
          </h2>
          <Link to="/orders" className="text-sm font-semibold text-primary underline-offset-4 hover:underline focus-ring">
            View all orders
          </Link>
        </div>
        {latestOrders.length === 0 ? (
          <p className="mt-3 text-muted-foreground">No orders yet. Pick a package to start growing an account.</p>
        ) : (
          <div className="mt-2">
            <OrderList orders={latestOrders} label="Latest orders" />
          </div>
        )}
      </section>
    </div>
  );
}
