import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { toast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { ApiError, apiRequest } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { ProfileLink } from "~/components/profile-link";
import {
  actionOf,
  cedis,
  doneActionOf,
  isProfileTask,
  platformName,
  targetNameOf,
  taskNotices,
} from "./worker-display";
import type { RecentCompletion } from "./worker-dashboard.server";
import type { ActiveDashboard, TaskFailure } from "./worker-overview";

/* The active worker's available tasks (one per target, with Complete) and their recent activity. */

/**
 * The first 10 tasks (SPEC §9). Complete is a form posting to the dashboard's action (works without
 * JavaScript); with JavaScript it calls POST /api/tasks/{id}/complete (SPEC §7), shows SPEC §8's
 * toast and reloads the page's data (tasks, stats, Recent Activity).
 */
export function AvailableTasks({
  dashboard,
  taskFailure,
}: {
  dashboard: ActiveDashboard;
  taskFailure: TaskFailure | null;
}) {
  const isHydrated = useHydrated();
  const revalidator = useRevalidator();
  const [pendingTaskId, setPendingTaskId] = useState<number | null>(null);
  const handleOf = new Map(
    dashboard.handles.map((item) => [item.platform as string, item.handle]),
  );

  async function complete(taskId: number) {
    setPendingTaskId(taskId);
    try {
      await apiRequest(`/api/tasks/${taskId}/complete`, {
        method: "POST",
        body: {},
      });
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
    <section
      aria-labelledby="available-tasks-heading"
      className="rounded-xl border bg-card p-6"
    >
      <h2 id="available-tasks-heading" className="text-lg font-bold">
        Available tasks
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Open the account or post, do what the task says with your linked
        account, then press Complete.
      </p>
      {taskFailure ? <FailureNote message={taskFailure.message} /> : null}
      {dashboard.tasks.length === 0 ? (
        <p className="mt-4 text-muted-foreground">
          No tasks are available for you right now. New tasks appear here as
          clients order
          {dashboard.handles.some((item) => item.handle)
            ? ""
            : " and once you link your accounts"}
          .
        </p>
      ) : (
        <ul className="mt-4 divide-y">
          {dashboard.tasks.map((task) => {
            const name = targetNameOf(task.targetUrl);
            const titleId = `task-${task.id}-title`;
            const handle = handleOf.get(task.platform);
            const isPending = pendingTaskId === task.id;
            const isProfile = isProfileTask(task);
            const needsComment =
              task.type === "comments" && task.comment === null;
            return (
              <li
                key={task.id}
                id={`task-${task.id}`}
                className="grid scroll-mt-20 gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="min-w-0">
                  <p id={titleId} className="font-semibold">
                    {isProfile
                      ? `${actionOf(task)} @${name}`
                      : task.type === "comments" && task.comment
                        ? `${actionOf(task)}:`
                        : actionOf(task)}{" "}
                    <span className="font-normal text-muted-foreground">
                      · {platformName(task.platform)}
                    </span>
                  </p>
                  {task.comment ? (
                    <blockquote className="mt-2 rounded-md border-l-4 border-primary bg-muted px-3 py-2 text-sm break-words whitespace-pre-wrap">
                      {task.comment.text}
                    </blockquote>
                  ) : null}
                  <p className="mt-1 text-sm">
                    {isProfile ? (
                      <ProfileLink url={task.targetUrl} />
                    ) : (
                      <ProfileLink url={task.targetUrl}>
                        Open the post on {platformName(task.platform)}
                      </ProfileLink>
                    )}
                  </p>
                  {task.comment ? (
                    <p className="mt-1 text-xs text-muted-foreground">
                      This comment is kept for you until{" "}
                      {formatTime(task.comment.reservedUntil)}: post it exactly
                      as written, then press Complete.
                    </p>
                  ) : task.type === "comments" ? (
                    <p className="mt-1 text-xs text-muted-foreground">
                      Each worker posts a different comment the client wrote.
                      Get yours, then post it.
                    </p>
                  ) : null}
                  {task.accountScreenshotUrl ? (
                    <a
                      href={task.accountScreenshotUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-2 inline-block focus-ring"
                    >
                      <img
                        src={task.accountScreenshotUrl}
                        alt={`The account @${name} as its owner showed it`}
                        loading="lazy"
                        className="max-h-32 rounded-md border"
                      />
                    </a>
                  ) : null}
                  <p className="mt-1 text-sm">
                    <span className="font-semibold">{cedis(task.reward)}</span>{" "}
                    per action
                    <span className="text-muted-foreground">
                      {" "}
                      · {task.remaining.toLocaleString("en-US")} still needed
                    </span>
                  </p>
                  {handle ? (
                    <p className="mt-1 text-xs text-muted-foreground">
                      Use your {platformName(task.platform)} account @{handle}.
                    </p>
                  ) : null}
                </div>
                {needsComment ? (
                  <Form method="post" action="/dashboard">
                    <input type="hidden" name="intent" value="comment" />
                    <input type="hidden" name="taskId" value={task.id} />
                    <Button
                      type="submit"
                      variant="brand"
                      aria-describedby={titleId}
                      className="w-full sm:w-auto"
                    >
                      Get my comment
                    </Button>
                  </Form>
                ) : (
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
                    <Button
                      type="submit"
                      variant="brand"
                      aria-describedby={titleId}
                      disabled={isPending}
                      className="w-full sm:w-auto"
                    >
                      {isPending ? "Completing…" : "Complete"}
                    </Button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The last 5 completions (SPEC §2 Recent Activity) with their review state. */
export function RecentActivity({ recent }: { recent: RecentCompletion[] }) {
  return (
    <section
      aria-labelledby="recent-activity-heading"
      className="rounded-xl border bg-card p-6"
    >
      <h2 id="recent-activity-heading" className="text-lg font-bold">
        Recent Activity
      </h2>
      {recent.length === 0 ? (
        <p className="mt-3 text-muted-foreground">
          No completed tasks yet. Tasks you complete appear here with their
          review state.
        </p>
      ) : (
        <ul className="mt-4 divide-y">
          {recent.map((item) => (
            <li
              key={item.completionId}
              className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {isProfileTask(item) ? (
                    <>
                      {actionOf(item)}{" "}
                      <ProfileLink url={item.targetUrl}>
                        @{targetNameOf(item.targetUrl)}
                      </ProfileLink>
                    </>
                  ) : (
                    <ProfileLink url={item.targetUrl}>
                      {doneActionOf(item)}
                    </ProfileLink>
                  )}{" "}
                  <span className="font-normal text-muted-foreground">
                    · {platformName(item.platform)}
                  </span>
                </p>
                <p className="text-xs text-muted-foreground">
                  Completed {item.completedAt}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:flex-col sm:items-end sm:gap-1">
                <span
                  className={cn(
                    "text-sm font-semibold",
                    item.review === "rejected" &&
                      "text-muted-foreground line-through",
                  )}
                >
                  {cedis(item.reward)}
                </span>
                <span
                  className={cn(
                    "rounded-full px-2.5 py-0.5 text-xs font-medium",
                    item.review === "approved" && "bg-primary/10 text-primary",
                    item.review === "held" && "bg-muted text-foreground",
                    item.review === "rejected" &&
                      "bg-destructive/10 text-destructive",
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

export function FailureNote({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm"
    >
      <p className="font-semibold text-destructive">
        {taskNotices.failed.title}
      </p>
      <p className="mt-1">{taskNotices.failed.description}</p>
      {message ? <p className="mt-1">{message}</p> : null}
    </div>
  );
}

// Ghana's time (GMT all year), so server and browser agree: "14:35 GMT".
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Africa/Accra",
  timeZoneName: "short",
});

function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
