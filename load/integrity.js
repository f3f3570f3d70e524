// After the load, with the server stopped: what the database holds must agree with itself and with
// what the simulated users were told. Every check counts offending rows (0 is good) or compares two
// figures; the queries follow the app's invariants (settlement.server.ts, tasks.server.ts, the schema).
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

/** Rewards per action in pesewas (catalog.ts: 30 % of the unit price). */
const rewardByPlatform = { instagram: 45, tiktok: 45, youtube: 60 };

const offending = (name, sql, parameters) => ({ name, sql, parameters, expected: 0 });

const checks = [
  // Payments: a paid order is exactly an order with a successful attempt, credited once.
  offending("paid orders without a successful payment attempt", `SELECT count(*)::int FROM orders o WHERE o.payment_status <> 'unpaid' AND NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = o.id AND a.status = 'success')`),
  offending("orders with a successful payment attempt still unpaid", `SELECT count(*)::int FROM orders o WHERE o.payment_status = 'unpaid' AND EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = o.id AND a.status = 'success')`),
  offending(
    "paid orders that kept other than exactly one payment (a second success must be refunded)",
    `SELECT count(*)::int FROM orders o WHERE o.payment_status = 'paid' AND (SELECT count(*) FROM payment_attempts a WHERE a.order_id = o.id AND a.status = 'success' AND a.refund_state IS NULL) <> 1`,
  ),
  offending("attempts whose status and paid_at disagree", `SELECT count(*)::int FROM payment_attempts WHERE (status = 'success') <> (paid_at IS NOT NULL)`),
  offending("attempts charged another amount or currency than their order's total", `SELECT count(*)::int FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.amount_minor <> o.total_minor OR a.currency <> o.currency`),
  offending("paid orders without paid_at or not in fulfilment", `SELECT count(*)::int FROM orders WHERE payment_status = 'paid' AND (paid_at IS NULL OR status NOT IN ('processing', 'completed'))`),
  offending("unpaid orders that left pending or have a task", `SELECT count(*)::int FROM orders o WHERE o.payment_status = 'unpaid' AND (o.status <> 'pending' OR EXISTS (SELECT 1 FROM tasks t WHERE t.order_id = o.id))`),
  offending("paid orders with other than one task of their own (one credit per order)", `SELECT count(*)::int FROM orders o WHERE o.payment_status = 'paid' AND (SELECT count(*) FROM tasks t WHERE t.order_id = o.id AND t.refill_id IS NULL AND t.replaces_completion_id IS NULL) <> 1`),
  // Fulfilment: never past the quantity, counters equal their rows, one completion per worker and handle per target.
  offending("tasks over-delivered (completion_count > required_completions)", `SELECT count(*)::int FROM tasks WHERE completion_count > required_completions`),
  offending("tasks whose completion_count differs from their completion rows", `SELECT count(*)::int FROM tasks t WHERE t.completion_count <> (SELECT count(*) FROM task_completions c WHERE c.task_id = t.id)`),
  offending("tasks whose status disagrees with their count", `SELECT count(*)::int FROM tasks WHERE status <> 'cancelled' AND (status = 'completed') <> (completion_count >= required_completions)`),
  offending("tasks whose required completions differ from their order's quantity", `SELECT count(*)::int FROM tasks t JOIN orders o ON o.id = t.order_id WHERE t.refill_id IS NULL AND t.replaces_completion_id IS NULL AND (t.required_completions <> o.quantity OR t.target_url <> o.target_url)`),
  offending("orders whose delivered_quantity differs from their completion rows", `SELECT count(*)::int FROM orders o WHERE o.delivered_quantity <> (SELECT count(*) FROM task_completions c JOIN tasks t ON t.id = c.task_id WHERE t.order_id = o.id AND t.refill_id IS NULL AND t.replaces_completion_id IS NULL)`),
  // Refills of the earlier re-checks (issue #21, decision 0025; names_deliveries false): one re-delivery
  // task of what dropped, on the order's target, once the re-check ended. A refill naming its drops
  // (decision 0041) keeps no re-check, dropped count or status of its own: its named deliveries do.
  offending(
    "refills whose re-delivery task is not one of their dropped count on their order's target",
    `SELECT count(*)::int FROM refills r JOIN orders o ON o.id = r.order_id WHERE NOT r.names_deliveries
       AND (SELECT count(*) FROM tasks t WHERE t.refill_id = r.id AND t.order_id = r.order_id AND t.target_url = o.target_url AND t.required_completions = r.dropped_count) <> CASE WHEN r.dropped_count > 0 THEN 1 ELSE 0 END`,
  ),
  offending(
    "refills whose state disagrees with their re-checks",
    `SELECT count(*)::int FROM refills r WHERE NOT r.names_deliveries AND ((r.status = 'pending') <> (r.checked_at IS NULL)
       OR (r.checked_at IS NOT NULL AND EXISTS (SELECT 1 FROM refill_checks k WHERE k.refill_id = r.id AND k.answer = 'pending'))
       OR (r.checked_at IS NOT NULL AND r.dropped_count <> (SELECT count(*) FROM refill_checks k JOIN task_completions c ON c.id = k.completion_id WHERE k.refill_id = r.id AND k.answer IN ('dropped', 'unanswered') AND c.dropped_at IS NOT NULL))
       OR (r.status = 'rejected') <> (r.checked_at IS NOT NULL AND r.dropped_count = 0))`,
  ),
  offending("re-checks of another worker's completion", `SELECT count(*)::int FROM refill_checks k JOIN task_completions c ON c.id = k.completion_id WHERE k.worker_id <> c.worker_id`),
  // Refills naming their drops: each named delivery is a flag of that order, re-delivered (when it
  // drops) by a task replacing it, never by a task of the refill.
  offending(
    "deliveries named by a refill of another order than their task's, or by a refill of the re-checks",
    `SELECT count(*)::int FROM task_completions c JOIN tasks t ON t.id = c.task_id LEFT JOIN refills r ON r.id = c.refill_id
     WHERE c.refill_id IS NOT NULL AND (r.order_id IS DISTINCT FROM t.order_id OR NOT r.names_deliveries)`,
  ),
  offending("refills naming their drops with a re-delivery task of their own", `SELECT count(*)::int FROM tasks t JOIN refills r ON r.id = t.refill_id WHERE r.names_deliveries`),
  // One open refill per order, open as refills.server.ts reads it: a re-check refill by its status; one
  // naming drops while its names are awaited, or while a named delivery is contested or dropped and
  // not yet replaced (its status column stays 'pending' and says nothing).
  offending(
    "more than one open refill of an order",
    `SELECT count(*)::int FROM (SELECT 1 FROM refills r WHERE CASE WHEN NOT r.names_deliveries THEN r.status IN ('pending', 'in_progress')
       ELSE EXISTS (SELECT 1 FROM task_completions c WHERE c.refill_id = r.id AND c.delivery_state IN ('screening', 'flagged', 'under_review', 'dropped'))
         OR (r.check_until >= now() AND NOT EXISTS (SELECT 1 FROM task_completions c WHERE c.refill_id = r.id)) END
     GROUP BY r.order_id HAVING count(*) > 1) repeated`,
  ),
  offending("orders over-delivered or whose completed status disagrees with the delivery", `SELECT count(*)::int FROM orders WHERE delivered_quantity > quantity OR (payment_status = 'paid' AND (status = 'completed') <> (delivered_quantity >= quantity))`),
  offending("a worker twice on one target", `SELECT count(*)::int FROM (SELECT 1 FROM task_completions GROUP BY worker_id, target_url HAVING count(*) > 1) repeated`),
  offending("a handle twice on one target", `SELECT count(*)::int FROM (SELECT 1 FROM task_completions GROUP BY target_url, platform, handle HAVING count(*) > 1) repeated`),
  offending("completions whose handle is not the worker's linked handle", `SELECT count(*)::int FROM task_completions c LEFT JOIN worker_handles h ON h.worker_id = c.worker_id AND h.platform = c.platform WHERE h.handle IS DISTINCT FROM c.handle`),

  // Rewards as the catalogue sets them (the ledger's own rules run through `npm run check-ledger`).
  offending(
    "completions whose reward differs from the platform's reward per action",
    `SELECT count(*)::int FROM task_completions c JOIN tasks t ON t.id = c.task_id WHERE c.reward_minor <> t.reward_minor OR c.reward_minor <> (CASE c.platform::text WHEN 'youtube' THEN $1::int ELSE $2::int END)`,
    [rewardByPlatform.youtube, rewardByPlatform.instagram],
  ),
  offending(
    "workers whose earnings differ from their completions × reward",
    `SELECT count(*)::int FROM users u WHERE u.role = 'worker' AND coalesce((SELECT sum(amount_minor) FROM ledger_entries l WHERE l.user_id = u.id AND l.kind = 'earning'), 0)
       <> coalesce((SELECT sum(CASE c.platform::text WHEN 'youtube' THEN $1::int ELSE $2::int END) FROM task_completions c WHERE c.worker_id = u.id), 0)`,
    [rewardByPlatform.youtube, rewardByPlatform.instagram],
  ),
];

/**
 * Runs the SQL checks and the checks against the users' tallies. Returns { ok, rows, figures }:
 * rows are { name, value, expected, ok } for the report.
 */
export async function checkIntegrity(database, { clientTally, workerTally, workerStatsMismatches, limits, sandboxDirectory, ledgerRules }) {
  const one = async (sql, parameters) => Object.values((await database.query(sql, parameters)).rows[0])[0];
  // The ledger's invariants as the app states them (scripts/check-ledger.js), each a count of offending rows.
  const rows = ledgerRules.map(({ rule, offending }) => ({ name: `ledger: ${rule}`, value: offending, expected: 0, ok: offending === 0 }));
  for (const check of checks) {
    const value = await one(check.sql, check.parameters);
    rows.push({ name: check.name, value, expected: check.expected, ok: value === check.expected });
  }

  const figures = {
    orders: await one("SELECT count(*)::int FROM orders"),
    paidOrders: await one("SELECT count(*)::int FROM orders WHERE payment_status = 'paid'"),
    completedOrders: await one("SELECT count(*)::int FROM orders WHERE status = 'completed'"),
    attempts: (await database.query("SELECT status::text, count(*)::int AS count FROM payment_attempts GROUP BY status ORDER BY status")).rows,
    secondPaymentsRefunded: (await database.query("SELECT coalesce(refund_state::text, 'kept') AS refund_state, count(*)::int AS count FROM payment_attempts WHERE status = 'success' AND refund_state IS NOT NULL GROUP BY refund_state")).rows,
    tasks: await one("SELECT count(*)::int FROM tasks"),
    tasksFilled: await one("SELECT count(*)::int FROM tasks WHERE status = 'completed'"),
    completions: await one("SELECT count(*)::int FROM task_completions"),
    earningsMinor: await one("SELECT coalesce(sum(amount_minor), 0)::int FROM ledger_entries WHERE kind = 'earning'"),
    workersWhoEarned: await one("SELECT count(DISTINCT user_id)::int FROM ledger_entries WHERE kind = 'earning'"),
    refills: await one("SELECT count(*)::int FROM refills"),
    namedDeliveries: (await database.query("SELECT delivery_state::text AS state, count(*)::int AS count FROM task_completions WHERE refill_id IS NOT NULL GROUP BY delivery_state ORDER BY delivery_state")).rows,
    clawbacks: await one("SELECT count(*)::int FROM ledger_entries WHERE kind = 'earning_clawback'"),
    replacementTasks: await one("SELECT count(*)::int FROM tasks WHERE replaces_completion_id IS NOT NULL"),
  };

  // What the users were told must be what the database holds.
  const compare = (name, value, expected) => rows.push({ name, value, expected, ok: value === expected });

  // The workers' limits are rows every process reads under the worker's row lock: whichever process
  // a completion reaches, they hold.
  compare(
    `completions of one worker less than COMPLETION_MIN_INTERVAL_MS (${limits.completionMinIntervalMs} ms) apart`,
    await one(
      `SELECT count(*)::int FROM (SELECT completed_at - lag(completed_at) OVER (PARTITION BY worker_id ORDER BY completed_at) AS gap FROM task_completions) gaps
       WHERE gap < make_interval(secs => $1::int / 1000.0)`,
      [limits.completionMinIntervalMs],
    ),
    0,
  );
  compare(
    `workers past COMPLETIONS_PER_DAY (${limits.completionsPerDay}) on a day`,
    await one("SELECT count(*)::int FROM (SELECT 1 FROM task_completions GROUP BY worker_id, date_trunc('day', completed_at) HAVING count(*) > $1::int) over_limit", [limits.completionsPerDay]),
    0,
  );

  // One job run per due item: the payments reconciler of every process sends requested refunds, and
  // each must reach Paystack once. The sandbox (Paystack here) keeps each charge's refunds in its record.
  const refundsAtPaystack = readSandboxRefunds(sandboxDirectory);
  figures.refundsAtPaystack = [...refundsAtPaystack.values()].reduce((sum, count) => sum + count, 0);
  compare("payments Paystack refunded more than once (a refund sent twice)", [...refundsAtPaystack.values()].filter((count) => count > 1).length, 0);
  const processed = (await database.query("SELECT reference FROM payment_attempts WHERE refund_state = 'processed' AND refund_origin = 'store'")).rows;
  compare("store refunds booked as processed that Paystack did not make exactly once", processed.filter((row) => refundsAtPaystack.get(row.reference) !== 1).length, 0);
  compare("orders in the database = orders answered 201", figures.orders, clientTally.ordersCreated);
  compare("completion rows = completions answered 201", figures.completions, workerTally.accepted);
  compare("refills in the database = refills answered 201", figures.refills, clientTally.refillsRequested);
  compare("deliveries named by a refill in the database = deliveries named in refills answered 201", await one("SELECT count(*)::int FROM task_completions WHERE refill_id IS NOT NULL"), clientTally.deliveriesNamed);
  const seenPaid = [...clientTally.paidSeen.keys()];
  const notPaid = seenPaid.length === 0 ? 0 : await one("SELECT count(*)::int FROM unnest($1::int[]) AS seen(id) LEFT JOIN orders o ON o.id = seen.id WHERE o.payment_status IS DISTINCT FROM 'paid'", [seenPaid]);
  compare("orders a client saw paid that are not paid", notPaid, 0);
  compare("workers whose GET /api/dashboard/worker-stats disagrees with the ledger", workerStatsMismatches.length, 0);
  compare("client findings (answers that contradict the sandbox instrument or the order)", clientTally.findings.length, 0);
  compare("worker, admin and sign-in flood findings (unexpected answers)", workerTally.findings.length, 0);

  return { ok: rows.every((row) => row.ok), rows, figures };
}

/**
 * The ledger's invariants, checked by the same script an operator runs (`npm run check-ledger`)
 * against the run's database: [{ rule, offending }]. Exit 1 only means a rule is broken.
 */
export async function runLedgerCheck({ buildDirectory, databaseUrl, repoRoot }) {
  const run = promisify(execFile);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1", PAYMENTS_SANDBOX: "true", BUILD_DIR: buildDirectory, DATABASE_URL: databaseUrl, SESSION_SECRET: "load-test-ledger-check-only-reads-0123456789" };
  const { stdout } = await run(process.execPath, ["scripts/check-ledger.js", "--json"], { cwd: repoRoot, env }).catch((error) => {
    if (error.code === 1 && error.stdout) return error;
    throw new Error(`npm run check-ledger failed: ${error.stderr || error.message}`);
  });
  return JSON.parse(stdout.trim().split("\n").at(-1));
}

/**
 * Paystack sandbox records: reference → how many refunds Paystack made of that charge. The sandbox
 * keeps its charges in one journal (sandbox/paystack/store.ts): a line per write, a key's last line is its record.
 */
function readSandboxRefunds(sandboxDirectory) {
  const refunds = new Map();
  const journal = path.join(sandboxDirectory, "charges.jsonl");
  if (!fs.existsSync(journal)) return refunds;
  // Whole lines only: what follows the last newline is a line still being written, or nothing.
  for (const line of fs.readFileSync(journal, "utf8").split("\n").slice(0, -1)) {
    const { key, value } = JSON.parse(line);
    refunds.set(key, value.refunds?.length ?? 0);
  }
  return refunds;
}

/**
 * Each worker's dashboard figures (API, cedis) against the ledger (pesewas), read while the
 * server still runs and nothing completes any more.
 */
export async function compareWorkerStats(call, database, workers) {
  const { rows } = await database.query(
    // Earned: rewards less those a refill's drop took back; held: what is still under review; completions that still count.
    `SELECT u.id, coalesce((SELECT sum(amount_minor) FROM ledger_entries l WHERE l.user_id = u.id AND l.kind IN ('earning', 'earning_reversal', 'earning_clawback')), 0)::int AS earned,
            coalesce((SELECT sum(amount_minor) FROM ledger_entries l WHERE l.user_id = u.id AND l.bucket = 'held' AND l.kind <> 'refund'), 0)::int AS held,
            (SELECT count(*) FROM task_completions c WHERE c.worker_id = u.id AND c.review <> 'rejected' AND c.dropped_at IS NULL)::int AS completions
     FROM users u WHERE u.role = 'worker'`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const mismatches = [];
  for (const worker of workers) {
    const { body } = await call("GET", "/api/dashboard/worker-stats", { token: worker.token, expect: [200] });
    const stored = byId.get(worker.id) ?? { earned: 0, held: 0, completions: 0 };
    if (Math.round(body.totalEarnings * 100) !== stored.earned || body.completedTasks !== stored.completions || Math.round(body.heldEarnings * 100) !== stored.held) {
      mismatches.push(`worker ${worker.index}: API ${JSON.stringify(body)}, ledger ${stored.earned} pesewas in ${stored.completions} completions`);
    }
  }
  return mismatches;
}
