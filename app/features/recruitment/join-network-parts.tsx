import { TrendingUp } from "~/components/icons";
import { Briefcase, Coffee, MapPin } from "~/components/page-icons";
import { type ReactNode } from "react";
import { type OpenWorkView, type PaceName, type RecruitmentEarningsView } from "~/features/recruitment/earnings";
import { cn } from "~/lib/cn";
import { currencySymbols } from "~/lib/money";

/* The pieces of the /join-network page: its cards, steps, tiers and the notes beside its figures. */

export function MarketBadge({ label, earnings }: { label: string; earnings: RecruitmentEarningsView }) {
  return (
    <p className="mx-auto mt-8 flex w-fit max-w-full flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-full border bg-background/80 px-4 py-1.5 text-sm text-muted-foreground">
      <MapPin className="size-4 text-primary" aria-hidden="true" />
      <span>
        Rates for <strong className="font-semibold text-foreground">{label}</strong>, in {earnings.currency} ({currencySymbols[earnings.currency]})
        {earnings.cedisPerDollar ? ", approximate" : null}
      </span>
    </p>
  );
}

export function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function currencyName(earnings: RecruitmentEarningsView) {
  return earnings.currency === "GHS" ? "Ghana cedis" : "US dollars (approximate)";
}

export function pauseBetweenTasks({ minIntervalSeconds }: RecruitmentEarningsView) {
  if (minIntervalSeconds === 0) return "there is no pause between tasks";
  const pause = minIntervalSeconds >= 60 && minIntervalSeconds % 60 === 0 ? countOf(minIntervalSeconds / 60, "minute") : countOf(minIntervalSeconds, "second");
  return `tasks are at least ${pause} apart`;
}

/** "3 tasks", "1 task". */
export function countOf(count: number, noun: string) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** "a follow ₵0.45, a like ₵0.08 – ₵0.10". */
export function rewardList(rewards: { action: string; figure: string }[]) {
  return rewards.map(({ action, figure }) => `${action} ${figure}`).join(", ");
}

/** Why the hour holds what it holds: the limits, or the open tasks running out first. */
export function hourNote(earnings: RecruitmentEarningsView, open: OpenWorkView) {
  const limits = `${pauseBetweenTasks(earnings)}, and ${earnings.tasksPerDay} tasks a day at most`;
  if (open.hour.tasks < open.tasks) return `${open.hour.tasks} of the ${countOf(open.tasks, "task")} open now, the most an hour allows: ${limits}.`;
  return `All ${countOf(open.tasks, "open task")} fit in an hour (${limits}): that is everything open to a new worker right now.`;
}

/** Why the day holds what it holds; the same as the hour only when the open tasks all fit in one. */
export function dayNote(earnings: RecruitmentEarningsView, open: OpenWorkView) {
  if (open.day.tasks < open.tasks) return `At the daily limit of ${earnings.tasksPerDay} tasks, of the ${countOf(open.tasks, "task")} open now.`;
  if (open.hour.tasks < open.tasks) return `All ${countOf(open.tasks, "open task")}, within the daily limit of ${earnings.tasksPerDay}.`;
  return `No more than in an hour: the ${countOf(open.tasks, "open task")} ${open.tasks === 1 ? "is" : "are"} all there is until clients order more. The daily limit is ${earnings.tasksPerDay} tasks.`;
}

export const paceCopy = {
  casual: { label: "Casual", icon: <Coffee />, description: "A tenth of what a day holds, in your spare time." },
  active: { label: "Active", icon: <TrendingUp />, description: "Half of what a day holds." },
  fullTime: { label: "Full-time", icon: <Briefcase />, description: "Everything a day holds: the open tasks, up to the daily limit." },
} satisfies Record<PaceName, { label: string; icon: ReactNode; description: string }>;

export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight">
        {title}
      </h2>
      {children ? <p className="mt-3 text-muted-foreground">{children}</p> : null}
    </div>
  );
}

const iconBox = "flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5";

export function RateCard({ icon, label, figure, children }: { icon: ReactNode; label: string; figure: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl border bg-card p-6 shadow-sm">
      <div className={iconBox} aria-hidden="true">
        {icon}
      </div>
      <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{label}</h3>
      <p className="mt-1 text-3xl font-extrabold tracking-tight">{figure}</p>
      <p className="mt-2 text-sm text-muted-foreground">{children}</p>
    </li>
  );
}

export function Step({ number, icon, title, children }: { number: number; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="relative rounded-2xl border bg-card p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-full bg-linear-to-br from-brand-from to-brand-to text-sm font-bold text-white">
          <span className="sr-only">Step </span>
          {number}
        </span>
        <span className="text-primary [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
      </div>
      <h3 className="mt-4 text-lg font-bold">{title}</h3>
      <p className="mt-2 text-sm text-muted-foreground">{children}</p>
    </li>
  );
}

export function Benefit({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl border bg-card p-6 shadow-sm">
      <div className={cn(iconBox, "shrink-0")} aria-hidden="true">
        {icon}
      </div>
      <div>
        <h3 className="font-bold">{title}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}

export function Tier({
  icon,
  name,
  figure,
  tasksPerDay,
  description,
  isHighlighted,
}: {
  icon: ReactNode;
  name: string;
  figure: string;
  tasksPerDay: number;
  description: string;
  isHighlighted?: boolean;
}) {
  return (
    <li className={cn("rounded-2xl border bg-card p-6 text-center shadow-sm", isHighlighted && "border-primary ring-1 ring-primary")}>
      <div className={cn(iconBox, "mx-auto")} aria-hidden="true">
        {icon}
      </div>
      <h3 className="mt-4 text-lg font-bold">{name}</h3>
      <p className="mt-2 text-3xl font-extrabold tracking-tight">{figure}</p>
      <p className="text-sm font-medium text-muted-foreground">a day, at {countOf(tasksPerDay, "task")}</p>
      <p className="mt-3 text-sm text-muted-foreground">{description}</p>
    </li>
  );
}

/** How the page chose the market, and the attribution the GeoLite2 licence (CC BY-SA 4.0) asks for. */
export function LocationNote({ earnings }: { earnings: RecruitmentEarningsView }) {
  return (
    <p className="mx-auto max-w-3xl px-4 pb-12 text-center text-xs text-muted-foreground">
      {earnings.currency === "USD" ? "Visitors we locate in Ghana see figures in cedis; everyone else sees them in US dollars, approximately. " : null}
      We estimate the country from your connection&rsquo;s IP address on our own server and do not store it. This product includes GeoLite2
      data created by MaxMind, available from{" "}
      <a href="https://www.maxmind.com" className="underline underline-offset-2 hover:text-foreground">
        https://www.maxmind.com
      </a>
      .
    </p>
  );
}

/** The open tasks by platform: what a new worker could do on each platform they join and link. */
export function OpenTasks({ open }: { open: OpenWorkView }) {
  return (
    <section aria-labelledby="open-tasks-heading" className="mx-auto mt-10 max-w-3xl rounded-2xl border bg-card p-6 shadow-sm">
      <h3 id="open-tasks-heading" className="text-lg font-bold">
        Open to a new worker right now
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {countOf(open.tasks, "task")}, {open.total} in all. A worker does each account or post once for each kind of task, so this is everything a new
        worker could do today on the platforms they join and link.
      </p>
      <ul className="mt-4 divide-y text-sm">
        {open.platforms.map(({ label, tasks, total, kinds }) => (
          <li key={label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <span>
              <strong className="font-semibold">{label}</strong>: {kinds.map(({ tasks: count, actions, figure }) => `${count} ${actions} at ${figure}`).join(", ")}
            </span>
            <span className="ml-auto font-semibold whitespace-nowrap">
              {total}
              <span className="sr-only"> in all for {countOf(tasks, "task")}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the figures are, beside every set of them. */
export function EarningsNote({ earnings }: { earnings: RecruitmentEarningsView }) {
  return (
    <p className="mx-auto mt-8 max-w-3xl rounded-lg border bg-background px-4 py-3 text-center text-sm text-muted-foreground">
      {earnings.open
        ? "These figures are worked out from the tasks open right now, one per account or post, and the limits on how many tasks you can do; a range runs from the lowest-paying of those tasks to the best-paying. "
        : "Each task pays the reward its service pays today. "}
      None of this is a guarantee: other workers take tasks too, new ones open as clients pay for orders, and a new worker account is reviewed before it is
      offered any. Earnings are recorded on your account as you complete tasks, and payouts are made by our team after review.{" "}
      {earnings.cedisPerDollar
        ? `Workers are paid in Ghana cedis; the dollar figures are converted at ₵${earnings.cedisPerDollar} to $1 and are approximate.`
        : "Workers are paid in Ghana cedis."}
    </p>
  );
}
