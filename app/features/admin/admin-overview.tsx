import { StatCards } from "~/components/ui/stat-cards";
import { Activity, CircleCheck, Clock, TrendingUp, TriangleAlert, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "~/components/link";
import { cn } from "~/lib/cn";
import { formatApiAmount } from "~/lib/money";
import { formatPercent, formatUptime } from "./admin-display";
import { AdminNav } from "./admin-ui";
import type { AdminStats } from "./stats.server";

/** Cedis from an API shape's major-unit number: 152.55 → "₵152.55" (DESIGN §6: real currency, not SPEC's "$"). */
const cedis = (amount: number) => formatApiAmount(amount);

const periods = [
  ["7d", "7 days"],
  ["30d", "30 days"],
  ["90d", "90 days"],
] as const;

/**
 * The admin's dashboard (SPEC §2 "/dashboard" admin, §3 admin stats; DESIGN §6: the overview cards
 * are measured, not fixed text): the four stats, the chosen period's figures, what needs an admin
 * now with links to its queue, and the queues themselves.
 */
export function AdminOverview({ stats }: { stats: AdminStats }) {
  const { overview } = stats;
  const periodLabel = periods.find(([value]) => value === overview.period)?.[1] ?? overview.period;
  const { attention } = overview;
  const attentionItems = [
    { count: attention.pendingWorkers, label: "worker applications to review", to: "/admin/users?role=worker&status=pending_review" },
    { count: attention.completionsUnderReview, label: "completions under review", to: "/admin/completions" },
    { count: attention.stalePayments, label: "payments open for more than 10 minutes", to: "/admin/payments?status=open" },
    { count: attention.failedRefunds, label: "refunds Paystack refused", to: "/admin/payments?refund=failed" },
    { count: attention.pendingPayouts, label: "payouts waiting for approval", to: "/admin/payouts" },
  ];
  const needingAttention = attentionItems.reduce((sum, item) => sum + item.count, 0);

  return (
    <div className="grid gap-8">
      <AdminNav />

      <StatCards
        className="grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
        stats={[
          ["Total users", String(stats.totalUsers)],
          ["Total orders", String(stats.totalOrders)],
          ["Total revenue", cedis(stats.totalRevenue)],
          ["Active workers", String(stats.activeWorkers)],
        ]}
      />

      <section aria-labelledby="overview-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="overview-heading" className="text-lg font-bold">
            Platform overview <span className="font-normal text-muted-foreground">· last {periodLabel}</span>
          </h2>
          <nav aria-label="Period" className="inline-flex rounded-lg border bg-card p-1">
            {periods.map(([value, label]) => (
              <Link
                key={value}
                to={`/dashboard?period=${value}`}
                aria-current={value === overview.period ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring",
                  value === overview.period ? "bg-primary text-primary-foreground" : "hover:bg-accent hover:text-accent-foreground",
                )}
              >
                {label}
              </Link>
            ))}
          </nav>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <OverviewCard icon={<TrendingUp aria-hidden="true" />} label="Growth rate" value={formatPercent(overview.growthRate, true)}>
            {overview.newUsers} new {overview.newUsers === 1 ? "account" : "accounts"}
            {overview.growthRate === null ? ", none in the period before to compare with" : " against the period before"}
          </OverviewCard>
          <OverviewCard icon={<CircleCheck aria-hidden="true" />} label="Completion rate" value={formatPercent(overview.completionRate)}>
            {overview.paidOrders === 0 ? "No orders paid in this period" : `Of ${overview.paidOrders} ${overview.paidOrders === 1 ? "order" : "orders"} paid in this period, delivered in full`}
          </OverviewCard>
          <OverviewCard icon={<Wallet aria-hidden="true" />} label="Revenue in period" value={cedis(overview.revenue)}>
            Paid orders, refunds excluded
          </OverviewCard>
          <OverviewCard
            icon={needingAttention === 0 ? <Activity aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
            label="Health"
            value={needingAttention === 0 ? "All clear" : `${needingAttention} to handle`}
          >
            {needingAttention === 0 ? "Nothing is waiting for an admin" : "Items waiting for an admin, listed below"}
          </OverviewCard>
          <OverviewCard icon={<Clock aria-hidden="true" />} label="Uptime" value={formatUptime(overview.uptimeSeconds)}>
            Since this server process started
          </OverviewCard>
        </dl>
      </section>

      <section aria-labelledby="attention-heading" className="rounded-xl border bg-card p-6">
        <h2 id="attention-heading" className="text-lg font-bold">
          Needs attention
        </h2>
        <ul className="mt-4 divide-y">
          {attentionItems.map((item) => (
            <li key={item.to} className="grid grid-cols-[1fr_auto] items-center gap-3 py-3">
              <span>
                <span className={cn("mr-2 text-xl font-bold", item.count > 0 ? "text-foreground" : "text-muted-foreground")}>{item.count}</span>
                {item.label}
              </span>
              <Link to={item.to} aria-label={`Open queue: ${item.label}`} className="text-sm font-medium text-primary underline underline-offset-4 hover:decoration-2">
                Open queue
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="records-heading" className="rounded-xl border bg-card p-6">
        <h2 id="records-heading" className="text-lg font-bold">
          Records
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[
            ["/admin/users", "Users", "Search accounts, review worker applications, suspend or lift a suspension"],
            ["/admin/orders", "Orders", "Every order with its screenshot, payments and deliveries; cancel with refund"],
            ["/admin/payments", "Payments", "Payment attempts and refunds; re-verify a payment with Paystack"],
            ["/admin/completions", "Completions", "Work under review: approve now or reject with a reason"],
            ["/admin/tickets", "Support tickets", "Answer by e-mail, mark answered, close"],
            ["/admin/payouts", "Payouts", "Workers' withdrawals to mobile money"],
            ["/admin/audit", "Audit log", "Every admin action, with before and after"],
          ].map(([to, label, description]) => (
            <li key={to}>
              <Link to={to} className="block h-full rounded-lg border p-4 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">
                <span className="font-semibold">{label}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function OverviewCard({ icon, label, value, children }: { icon: ReactNode; label: string; value: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border bg-card p-5">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground [&_svg]:size-4 [&_svg]:text-primary">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
      <dd className="mt-1 text-xs text-muted-foreground">{children}</dd>
    </div>
  );
}
