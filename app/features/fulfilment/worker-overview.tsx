import { StatCards } from "~/components/ui/stat-cards";
import { CircleCheck, Clock, Link2, UserRound, Wallet } from "lucide-react";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { targetUrlFor } from "~/features/catalog";
import { ProfileLink } from "~/components/profile-link";
import { cedis, doneActionOf, platformName, taskNotices } from "./worker-display";
import type { RecentCompletion, WorkerDashboard } from "./worker-dashboard.server";
import { AvailableTasks, RecentActivity } from "./worker-task-list";
import { linkedAccountsHref } from "./worker-profile";
import { listOf, reviewPeriod } from "./worker-display";
import { WorkerReliability, type EvidenceOutcome, WorkerFlags } from "~/features/deliveries";

export type ActiveDashboard = Extract<WorkerDashboard, { state: "active" }>;

/** A refused no-JavaScript Complete (the dashboard action's answer). */
export interface TaskFailure {
  taskId: number | null;
  message: string;
}

/** The worker's /dashboard by account state (SPEC §2 "Worker"; DESIGN §6: approval before tasks). */
export function WorkerOverview({
  dashboard,
  taskFailure,
  evidenceOutcome = null,
}: {
  dashboard: WorkerDashboard;
  taskFailure: TaskFailure | null;
  evidenceOutcome?: EvidenceOutcome | null;
}) {
  switch (dashboard.state) {
    case "pending_review":
      return (
        <section role="status" className="rounded-xl border border-primary/30 bg-primary/5 p-6">
          <h2 className="text-lg font-bold">Your worker account is waiting for review</h2>
          <p className="mt-2 text-muted-foreground">An admin reviews every new worker account. Tasks are offered to you once it is approved.</p>
          <p className="mt-2 text-muted-foreground">
            Meanwhile, link your accounts on the platforms you joined, so tasks can start as soon as you are approved.
          </p>
          <Link to={linkedAccountsHref} className={buttonVariants({ variant: "outline", className: "mt-4" })}>
            <UserRound aria-hidden="true" />
            Link your accounts
          </Link>
        </section>
      );
    case "rejected":
      return (
        <section role="status" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6">
          <h2 className="text-lg font-bold">Your worker application was not approved</h2>
          <p className="mt-2 text-muted-foreground">
            An admin reviewed your worker account and did not approve it, so no tasks are offered to it. If you think this is a mistake, please
            contact our support team.
          </p>
          <Link to="/support" className={buttonVariants({ variant: "outline", className: "mt-4" })}>
            Contact support
          </Link>
        </section>
      );
    case "inactive":
      return (
        <section role="status" className="rounded-xl border bg-card p-6">
          <h2 className="text-lg font-bold">Your worker account cannot take tasks</h2>
          <p className="mt-2 text-muted-foreground">Please contact support.</p>
        </section>
      );
    case "active":
      return <ActiveWorkerOverview dashboard={dashboard} taskFailure={taskFailure} evidenceOutcome={evidenceOutcome} />;
  }
}

function ActiveWorkerOverview({
  dashboard,
  taskFailure,
  evidenceOutcome,
}: {
  dashboard: ActiveDashboard;
  taskFailure: TaskFailure | null;
  evidenceOutcome: EvidenceOutcome | null;
}) {
  const { stats, justCompleted } = dashboard;
  const unlinked = dashboard.handles.filter((item) => item.handle === null);
  return (
    <div className="grid gap-8">
      {justCompleted ? <CompletedNote completion={justCompleted} /> : null}

      <WorkerFlags flags={dashboard.flags} outcome={evidenceOutcome} />
      {/* Paused: why there are no tasks comes first; otherwise the figure sits below the activity. */}
      {dashboard.reliability.paused ? <WorkerReliability reliability={dashboard.reliability} /> : null}

      {unlinked.length > 0 ? (
        <section role="status" aria-labelledby="link-handles-heading" className="rounded-xl border border-primary/30 bg-primary/5 p-6">
          <h2 id="link-handles-heading" className="text-lg font-bold">
            Link your {listOf(unlinked.map((item) => platformName(item.platform)))} {unlinked.length === 1 ? "account" : "accounts"} to get tasks there
          </h2>
          <p className="mt-2 text-muted-foreground">
            Tasks on a platform are offered once your handle there is linked to your profile: it is how we check that the work was done.
          </p>
          <Link to={linkedAccountsHref} className={buttonVariants({ className: "mt-4" })}>
            <Link2 aria-hidden="true" />
            Link on your profile
          </Link>
        </section>
      ) : null}

      <StatCards
        className="grid-cols-2 lg:grid-cols-4"
        stats={[
          ["Total earnings", cedis(stats.totalEarnings)],
          ["Today", cedis(stats.todayEarnings)],
          ["Completed tasks", String(stats.completedTasks)],
          ["Available tasks", String(stats.availableTasks)],
        ]}
      />

      <AvailableTasks dashboard={dashboard} taskFailure={taskFailure} />
      <RecentActivity recent={dashboard.recent} />
      {dashboard.reliability.paused ? null : <WorkerReliability reliability={dashboard.reliability} />}

      {/* Where the earnings sit: held during the review period, then available. */}
      <section aria-labelledby="balance-heading" className="rounded-xl border bg-card p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="balance-heading" className="text-lg font-bold">
            Your balance
          </h2>
          <Link to="/payouts" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Wallet aria-hidden="true" />
            Withdraw earnings
          </Link>
        </div>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Clock className="size-4 shrink-0" aria-hidden="true" />
              Under review
            </dt>
            <dd className="mt-1 text-xl font-bold">{cedis(stats.heldEarnings)}</dd>
            <dd className="text-xs text-muted-foreground">Each reward is held for {reviewPeriod(dashboard.holdHours)} after the task, then released (a flagged or spot-checked one once it is decided).</dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <CircleCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
              Available balance
            </dt>
            <dd className="mt-1 text-xl font-bold">{cedis(stats.availableBalance)}</dd>
            <dd className="text-xs text-muted-foreground">Released earnings you can withdraw to mobile money.</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="accounts-heading" className="rounded-xl border bg-card p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="accounts-heading" className="text-lg font-bold">
            Your accounts
          </h2>
          <Link to={linkedAccountsHref} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <UserRound aria-hidden="true" />
            Edit your profile
          </Link>
        </div>
        <ul className="mt-4 grid gap-2 text-sm">
          {dashboard.handles.map(({ platform, handle }) => (
            <li key={platform}>
              <span className="font-medium">{platformName(platform)}:</span>{" "}
              {handle ? <ProfileLink url={targetUrlFor(platform, handle)}>@{handle}</ProfileLink> : <span className="text-muted-foreground">not linked yet</span>}
            </li>
          ))}
          {dashboard.otherPlatforms.length > 0 ? (
            <li className="text-muted-foreground">
              {listOf(dashboard.otherPlatforms.map(platformName))}: no tasks are offered on {dashboard.otherPlatforms.length === 1 ? "this platform" : "these platforms"} yet.
            </li>
          ) : null}
        </ul>
      </section>
    </div>
  );
}

/** Without JavaScript the outcome of Complete shows here (with it, a toast says the same). */
function CompletedNote({ completion }: { completion: RecentCompletion }) {
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
      <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div>
        <p className="font-semibold">{taskNotices.completed.title}</p>
        <p className="mt-1">{taskNotices.completed.description}</p>
        <p className="mt-1 text-muted-foreground">
          {doneActionOf(completion)}: {cedis(completion.reward)}, {completion.reviewLabel.replace(/^Under/, "under")}.
        </p>
      </div>
    </div>
  );
}
