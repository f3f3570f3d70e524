import { afterAll, expect, it } from "vitest";
import { call, chargeCard, createOrder, enrolWorkers, must, registerClient, type ScenarioEnvironment, scenarioEnvironment, waitFor } from "./testing/restart-scenario";
import { type RunningServer, startServer } from "./testing/spawn-server";

/*
 * Issue #9 (faults): the server is killed (SIGKILL) while many task completions are in flight, and
 * restarted on the same data. Every completion it answered 201 for is kept; nothing is half-written
 * (task counter = completion rows = the order's delivered count, one held earning per completion,
 * no over-delivery); the remaining slots can be completed and the order completes; and the held
 * earnings release job resumes after the restart. PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 */
const running: RunningServer[] = [];
let scenario: ScenarioEnvironment | undefined;
afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  await scenario?.dispose();
});

// The order's quantity is the smallest one can buy; one completion per worker, so as many workers.
const quantity = 50;
const killAfterAccepted = 5;

it("keeps every accepted completion and no partial one across a kill -9, and finishes the order after the restart", async () => {
  // Hold 0 h: every completion's reward is due at once, so the release job has work at each start.
  scenario = await scenarioEnvironment({ COMPLETION_MIN_INTERVAL_MS: "0", COMPLETIONS_PER_DAY: "1000", COMPLETION_HOLD_HOURS: "0" });
  const setupStartedAt = Date.now();
  const first = await startServer(scenario.env, { database: "pglite" });
  running.push(first);

  const client = await registerClient(first, `kill_client_${process.pid}`);
  const order = await createOrder(first, client.token, "kill.target", quantity);
  expect((await chargeCard(first, client, order)).body.data.status).toBe("success");
  const workers = await enrolWorkers(first, `kw${process.pid}`, quantity);
  const [task] = await must(first, "GET", "/api/tasks/available", { token: workers[0]!.token });
  expect(task).toMatchObject({ remaining: quantity });
  const setupMs = Date.now() - setupStartedAt;

  // Every worker completes the task at once; the server dies right after the 5th 201.
  const acceptedBeforeKill = new Set<number>();
  let killed: Promise<unknown> | undefined;
  const outcomes = await Promise.all(
    workers.map(async (worker) => {
      try {
        const answer = await call(first, "POST", `/api/tasks/${task.id}/complete`, { token: worker.token, body: {} });
        if (answer.status === 201 && !killed) {
          acceptedBeforeKill.add(worker.id);
          if (acceptedBeforeKill.size >= killAfterAccepted) killed = first.stop("SIGKILL");
        }
        return killed && answer.status !== 201 ? "answered after the kill" : String(answer.status);
      } catch {
        return "no answer";
      }
    }),
  );
  await (killed ?? first.stop("SIGKILL"));
  running.splice(running.indexOf(first), 1);
  const tally = outcomes.reduce<Record<string, number>>((counts, outcome) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }), {});
  // Only 201s and lost answers: no error answers before the kill.
  expect(Object.keys(tally).filter((outcome) => !["201", "no answer", "answered after the kill"].includes(outcome))).toEqual([]);
  expect(tally["no answer"] ?? 0, "some completions were in flight when the server died").toBeGreaterThan(0);

  const restartedAt = Date.now();
  const second = await startServer(scenario.env, { database: "pglite" });
  running.push(second);
  const settleMs = Date.now() - restartedAt;

  // The remaining slots: every worker tries again; those whose first try was kept are told so.
  const retries = await Promise.all(
    workers.filter((worker) => !acceptedBeforeKill.has(worker.id)).map((worker) => call(second, "POST", `/api/tasks/${task.id}/complete`, { token: worker.token, body: {} })),
  );
  const retryStatuses = retries.map((answer) => (answer.status === 409 ? answer.body.message : answer.status));
  expect(retryStatuses.filter((status) => status !== 201 && !/already completed/.test(String(status)))).toEqual([]);
  const recoveredBeforeRestart = retries.filter((answer) => answer.status === 409).length;

  const finished = await waitFor("the order to complete", 10_000, async () => {
    const current = await must(second, "GET", `/api/orders/${order.id}`, { token: client.token });
    return current.status === "completed" ? current : undefined;
  });
  expect(finished).toMatchObject({ status: "completed", paymentStatus: "paid" });
  // Nobody can over-deliver a completed task.
  expect((await must(second, "GET", "/api/tasks/available", { token: workers[0]!.token })).length).toBe(0);

  await second.stop("SIGTERM"); // PGlite: one process at a time, so the test reads after the server is gone
  running.splice(running.indexOf(second), 1);

  const checks = await scenario.inspect(async ({ sql }) => {
    const one = async (text: string, params: unknown[] = []) => Number(Object.values((await sql.query(text, params))[0]!)[0]);
    const kept = await sql.query<{ worker_id: number }>("SELECT worker_id FROM task_completions WHERE task_id = $1", [task.id]);
    return {
      missingAccepted: [...acceptedBeforeKill].filter((workerId) => !kept.some((row) => Number(row.worker_id) === workerId)),
      completionRows: kept.length,
      taskCounter: await one("SELECT completion_count FROM tasks WHERE id = $1", [task.id]),
      taskStatus: (await sql.query<{ status: string }>("SELECT status::text AS status FROM tasks WHERE id = $1", [task.id]))[0]!.status,
      delivered: await one("SELECT delivered_quantity FROM orders WHERE id = $1", [order.id]),
      orderStatus: (await sql.query<{ status: string }>("SELECT status::text AS status FROM orders WHERE id = $1", [order.id]))[0]!.status,
      completionsWithoutOneEarning: await one(
        "SELECT count(*) FROM task_completions c WHERE (SELECT count(*) FROM ledger_entries l WHERE l.task_completion_id = c.id AND l.kind = 'earning') <> 1",
      ),
      earningEntries: await one("SELECT count(*) FROM ledger_entries WHERE kind = 'earning'"),
      earningSumOff: await one("SELECT count(*) FROM ledger_entries l JOIN task_completions c ON c.id = l.task_completion_id WHERE l.kind = 'earning' AND l.amount_minor <> c.reward_minor"),
      repeatedWorkers: await one("SELECT count(*) FROM (SELECT worker_id FROM task_completions GROUP BY worker_id, target_url HAVING count(*) > 1) repeated"),
      // The release job runs at each start: what was held when the second server started is released.
      heldFromBeforeRestart: await one("SELECT count(*) FROM task_completions WHERE completed_at < $1 AND review <> 'approved'", [new Date(restartedAt)]),
      releasedFromBeforeRestart: await one(
        "SELECT count(*) FROM task_completions c WHERE c.completed_at < $1 AND (SELECT count(*) FROM ledger_entries l WHERE l.task_completion_id = c.id AND l.kind = 'earning_release') = 2",
        [new Date(restartedAt)],
      ),
      keptBeforeRestart: await one("SELECT count(*) FROM task_completions WHERE completed_at < $1", [new Date(restartedAt)]),
    };
  });
  console.info(
    `completion kill (${scenario.engine}): set-up ${setupMs} ms; before the kill ${JSON.stringify(tally)}; kept before the restart ${checks.keptBeforeRestart} ` +
      `(${recoveredBeforeRestart} of them without a 201 answer); restart ${settleMs} ms until listening; ${JSON.stringify(checks)}`,
  );
  expect(checks).toMatchObject({
    missingAccepted: [],
    completionRows: quantity,
    taskCounter: quantity,
    taskStatus: "completed",
    delivered: quantity,
    orderStatus: "completed",
    completionsWithoutOneEarning: 0,
    earningEntries: quantity,
    earningSumOff: 0,
    repeatedWorkers: 0,
    heldFromBeforeRestart: 0,
  });
  expect(checks.keptBeforeRestart).toBeGreaterThanOrEqual(killAfterAccepted);
  expect(checks.releasedFromBeforeRestart).toBe(checks.keptBeforeRestart);
}, 90_000);
