import { StatCards } from "~/components/ui/stat-cards";
import { CircleCheck, Clock, Link2, UserRound, Wallet } from "lucide-react";
import { useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { toast } from "~/components/toaster";
import { Button, buttonVariants } from "~/components/ui/button";
import { targetUrlFor } from "~/features/catalog/catalog";
import { ApiError, apiRequest } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { ProfileLink } from "~/components/profile-link";
import { actionOf, cedis, platformName, targetNameOf, taskNotices } from "./worker-display";
import type { RecentCompletion, WorkerDashboard } from "./worker-dashboard.server";

type ActiveDashboard = Extract<WorkerDashboard, { state: "active" }>;

/** A refused no-JavaScript Complete (the dashboard action's answer). */
export interface TaskFailure {
  taskId: number | null;
  message: string;
}

/** The worker's /dashboard by account state (SPEC §2 "Worker"; DESIGN §6: approval before tasks). */
export function WorkerOverview({ dashboard, taskFailure }: { dashboard: WorkerDashboard; taskFailure: TaskFailure | null }) {
  switch (dashboard.state) {
    case "pending_review":
      return (
        <section role="status" className="rounded-xl border border-primary/30 bg-primary/5 p-6">
          <h2 className="text-lg font-bold">Your worker account is waiting for review</h2>
          <p className="mt-2 text-muted-foreground">An admin reviews every new worker account. Tasks are offered to you once it is approved.</p>
          <p className="mt-2 text-muted-foreground">
            Meanwhile, link your accounts on the platforms you joined, so tasks can start as soon as you are approved.
          </p>
          <Link to="/profile" className={buttonVariants({ variant: "outline", className: "mt-4" })}>
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
      return <ActiveWorkerOverview dashboard={dashboard} taskFailure={taskFailure} />;
  }
}

function ActiveWorkerOverview({ dashboard, taskFailure }: { dashboard: ActiveDashboard; taskFailure: TaskFailure | null }) {
  const { stats, justCompleted } = dashboard;
  const unlinked = dashboard.handles.filter((item) => item.handle === null);
  return (
    <div className="grid gap-8">
      {justCompleted ? <CompletedNote completion={justCompleted} /> : null}

      {unlinked.length > 0 ? (
        <section role="status" aria-labelledby="link-handles-heading" className="rounded-xl border border-primary/30 bg-primary/5 p-6">
          <h2 id="link-handles-heading" className="text-lg font-bold">
            Link your {listOf(unlinked.map((item) => platformName(item.platform)))} {unlinked.length === 1 ? "account" : "accounts"} to get tasks there
          </h2>
          <p className="mt-2 text-muted-foreground">
            Tasks on a platform are offered once your handle there is linked to your profile: it is how we check that the work was done.
          </p>
          <Link to="/profile" className={buttonVariants({ className: "mt-4" })}>
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
            <dd className="text-xs text-muted-foreground">Each reward is held for {reviewPeriod(dashboard.holdHours)} after the task, then released.</dd>
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
          <Link to="/profile" className={buttonVariants({ variant: "outline", size: "sm" })}>
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
          {actionOf(completion)} @{targetNameOf(completion.targetUrl)}: {cedis(completion.reward)}, {completion.reviewLabel.replace(/^Under/, "under")}.
        </p>
      </div>
    </div>
  );
}

function FailureNote({ message }: { message: string }) {
  return (
    <div role="alert" className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
      <p className="font-semibold text-destructive">{taskNotices.failed.title}</p>
      <p className="mt-1">{taskNotices.failed.description}</p>
      {message ? <p className="mt-1">{message}</p> : null}
    </div>
  );
}

/**
 * The first 10 tasks (SPEC §9). Complete is a form posting to the dashboard's action (works without
 * JavaScript); with JavaScript it calls POST /api/tasks/{id}/complete (SPEC §7), shows SPEC §8's
 * toast and reloads the page's data (tasks, stats, Recent Activity).
 */
function AvailableTasks({ dashboard, taskFailure }: { dashboard: ActiveDashboard; taskFailure: TaskFailure | null }) {
  const isHydrated = useHydrated();
  const revalidator = useRevalidator();
  const [pendingTaskId, setPendingTaskId] = useState<number | null>(null);
  const handleOf = new Map(dashboard.handles.map((item) => [item.platform as string, item.handle]));

  async function complete(taskId: number) {
    setPendingTaskId(taskId);
    try {
      await apiRequest(`/api/tasks/${taskId}/complete`, { method: "POST", body: {} });
      toast({ ...taskNotices.completed });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : null;
      toast({
        variant: "destructive",
        title: taskNotices.failed.title,
        description: message ? (
          <>
            <span className="block">{taskNotices.failed.description}</span>
            <span className="mt-1 block">{message}</span>
          </>
        ) : (
          taskNotices.failed.description
        ),
      });
    } finally {
      // A refusal may mean the task closed meanwhile: read everything again either way.
      await revalidator.revalidate();
      setPendingTaskId(null);
    }
  }

  return (
    <section aria-labelledby="available-tasks-heading" className="rounded-xl border bg-card p-6">
      <h2 id="available-tasks-heading" className="text-lg font-bold">
        Available tasks
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Open the account, do the action with your linked account, then press Complete.</p>
      {taskFailure ? <FailureNote message={taskFailure.message} /> : null}
      {dashboard.tasks.length === 0 ? (
        <p className="mt-4 text-muted-foreground">
          No tasks are available for you right now. New tasks appear here as clients order{dashboard.handles.some((item) => item.handle) ? "" : " and once you link your accounts"}.
        </p>
      ) : (
        <ul className="mt-4 divide-y">
          {dashboard.tasks.map((task) => {
            const name = targetNameOf(task.targetUrl);
            const titleId = `task-${task.id}-title`;
            const handle = handleOf.get(task.platform);
            const isPending = pendingTaskId === task.id;
            return (
              <li key={task.id} className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
                <div className="min-w-0">
                  <p id={titleId} className="font-semibold">
                    {actionOf(task)} @{name} <span className="font-normal text-muted-foreground">· {platformName(task.platform)}</span>
                  </p>
                  <p className="mt-1 text-sm">
                    <ProfileLink url={task.targetUrl} />
                  </p>
                  <p className="mt-1 text-sm">
                    <span className="font-semibold">{cedis(task.reward)}</span> per action
                    <span className="text-muted-foreground"> · {task.remaining.toLocaleString("en-US")} still needed</span>
                  </p>
                  {handle ? <p className="mt-1 text-xs text-muted-foreground">Use your {platformName(task.platform)} account @{handle}.</p> : null}
                </div>
                <Form
                  method="post"
                  action="/dashboard"
                  onSubmit={(event) => {
                    if (!isHydrated) return;
                    event.preventDefault();
                    if (pendingTaskId === null) void complete(task.id);
                  }}
                >
                  <input type="hidden" name="intent" value="complete" />
                  <input type="hidden" name="taskId" value={task.id} />
                  <Button type="submit" variant="brand" aria-describedby={titleId} disabled={isPending} className="w-full sm:w-auto">
                    {isPending ? "Completing…" : "Complete"}
                  </Button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The last 5 completions (SPEC §2 Recent Activity) with their review state. */
function RecentActivity({ recent }: { recent: RecentCompletion[] }) {
  return (
    <section aria-labelledby="recent-activity-heading" className="rounded-xl border bg-card p-6">
      <h2 id="recent-activity-heading" className="text-lg font-bold">
        Recent Activity
      </h2>
      {recent.length === 0 ? (
        <p className="mt-3 text-muted-foreground">No completed tasks yet. Tasks you complete appear here with their review state.</p>
      ) : (
        <ul className="mt-4 divide-y">
          {recent.map((item) => (
            <li key={item.completionId} className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
              <div className="min-w-0">
                <p className="font-medium">
                  {actionOf(item)} <ProfileLink url={item.targetUrl}>@{targetNameOf(item.targetUrl)}</ProfileLink>{" "}
                  <span className="font-normal text-muted-foreground">· {platformName(item.platform)}</span>
                </p>
                <p className="text-xs text-muted-foreground">Completed {item.completedAt}</p>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:flex-col sm:items-end sm:gap-1">
                <span className={cn("text-sm font-semibold", item.review === "rejected" && "text-muted-foreground line-through")}>{cedis(item.reward)}</span>
                <span
                  className={cn(
                    "rounded-full px-2.5 py-0.5 text-xs font-medium",
                    item.review === "approved" && "bg-primary/10 text-primary",
                    item.review === "held" && "bg-muted text-foreground",
                    item.review === "rejected" && "bg-destructive/10 text-destructive",
                  )}
                >
                  {item.review === "approved" ? "✓ " : ""}
                  {item.reviewLabel}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function reviewPeriod(hours: number): string {
  if (hours >= 24 && hours % 24 === 0) return `${hours / 24} ${hours === 24 ? "day" : "days"}`;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** "Instagram", "Instagram and TikTok", "Instagram, TikTok and YouTube". */
function listOf(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
