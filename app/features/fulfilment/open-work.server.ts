import { type CatalogPlatform, type ServiceKind, isCatalogPlatform, serviceKinds } from "~/features/catalog";
import { getDatabase } from "~/lib/database/db.server";

/** Open tasks alike in platform, kind and reward: how many targets have one. */
export interface OpenTaskCount {
  platform: CatalogPlatform;
  kind: ServiceKind;
  rewardMinor: number;
  tasks: number;
}

/**
 * The tasks a worker new to every target could do right now, as /join-network counts them: the
 * rules of the available-tasks list (tasks.server.ts) for a worker who has done nothing yet. One
 * task per target and kind, since a worker acts on a target once per kind however many orders it
 * has, at the reward of the task their action would count for (the target's re-delivery first, then
 * its oldest open order, as completeTask claims it); a comments task only while one of its lines is
 * free for a newcomer to take. Grouped by platform, kind and reward: a few rows, however many tasks.
 */
export async function openWorkForNewWorker(now = new Date()): Promise<OpenTaskCount[]> {
  const rows = await getDatabase().sql.query<{ platform: string; kind: string; reward_minor: number; tasks: number }>(
    `SELECT firsts.platform, firsts.kind, firsts.reward_minor, count(*)::int AS tasks
      FROM (
        SELECT DISTINCT ON (t.target_url, t.type) t.platform::text AS platform, t.type::text AS kind, t.reward_minor
        FROM tasks t
        WHERE t.status = 'available' AND t.completion_count < t.required_completions
          AND (t.type <> 'comments' OR EXISTS (
            SELECT 1 FROM order_comment_lines l
            WHERE l.order_id = t.order_id AND l.completion_id IS NULL
              AND (l.worker_id IS NULL OR l.reserved_until <= $1::timestamp)))
        ORDER BY t.target_url, t.type, t.replaces_completion_id IS NULL, t.created_at, t.id
      ) AS firsts
      GROUP BY firsts.platform, firsts.kind, firsts.reward_minor`,
    [now.toISOString()],
  );
  return rows.flatMap((row) =>
    isCatalogPlatform(row.platform) && isServiceKind(row.kind) ? [{ platform: row.platform, kind: row.kind, rewardMinor: Number(row.reward_minor), tasks: Number(row.tasks) }] : [],
  );
}

const isServiceKind = (value: string): value is ServiceKind => (serviceKinds as readonly string[]).includes(value);
