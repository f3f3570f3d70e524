// A simulated approved worker: lists the tasks it may do, picks one, takes a moment to do it, then
// reports it done; sometimes looks at its earnings. It honours 429 (the app's pace limits between
// completions and per day) by waiting, as the dashboard tells a person to.
import { HttpError } from "./http.js";
import { chance, pickOne } from "./pace.js";

export function createWorkerTally() {
  return { accepted: 0, closed: 0, repeats: 0, tooFast: 0, dailyLimit: 0, idleLooks: 0, findings: [] };
}

/** Loops until the run ends; `minIntervalMs` is the app's COMPLETION_MIN_INTERVAL_MS. */
export async function runWorker(worker, { call, pace, tally, minIntervalMs, rampMs }) {
  let iteration = 0;
  await pace.think(0, rampMs);
  while (pace.running()) {
    iteration++;
    try {
      const { body: tasks } = await call("GET", "/api/tasks/available", { token: worker.token, expect: [200] });
      if (tasks.length === 0) {
        tally.idleLooks++;
        await pace.think(3000, 6000);
        continue;
      }
      // The first few, not always the first: workers looking at the same list pick differently.
      const task = pickOne(tasks.slice(0, 3));
      await pace.think(1000, 3000); // following the account
      if (!pace.running()) break;
      const proof = chance(0.3) ? { proofHandle: `@${worker.handles[task.platform]}` } : {};
      const { status, body, headers } = await call("POST", `/api/tasks/${task.id}/complete`, { token: worker.token, body: proof, expect: [201, 409, 429] });
      if (status === 201) tally.accepted++;
      // Errors carry only { message } (SPEC §7): the kind of refusal is read from its words.
      else if (status === 409 && /already completed/i.test(body.message)) tally.repeats++;
      else if (status === 409) tally.closed++;
      else if (status === 429) {
        if (/today's limit/i.test(body.message)) {
          tally.dailyLimit++;
          await pace.untilEnd(); // done for today
          break;
        }
        tally.tooFast++;
        const retryAfterMs = Number(headers.get("retry-after")) * 1000;
        await pace.think(retryAfterMs > 0 ? retryAfterMs : minIntervalMs, (retryAfterMs > 0 ? retryAfterMs : minIntervalMs) + 1000);
        continue;
      }
      if (iteration % 5 === 0) await call("GET", "/api/dashboard/worker-stats", { token: worker.token, expect: [200] });
      if (iteration % 7 === 0) await call("GET", "/api/tasks/my-tasks", { token: worker.token, expect: [200] });
    } catch (error) {
      if (error instanceof HttpError) tally.findings.push(`worker ${worker.index}: ${error.message}`);
      await pace.think(1000, 3000);
    }
    // Mostly a few seconds before the next task; now and then straight on, which meets the 429.
    if (chance(0.85)) await pace.think(2000, 5000);
  }
}

/** The bootstrap admin glancing at the dashboard figures and the order list. */
export async function runAdmin(adminToken, { call, pace, findings }) {
  while (pace.running()) {
    try {
      await call("GET", "/api/dashboard/admin-stats?period=7d", { token: adminToken, expect: [200] });
      if (chance(0.5)) await call("GET", "/api/admin/orders", { token: adminToken, expect: [200] });
    } catch (error) {
      if (error instanceof HttpError) findings.push(`admin: ${error.message}`);
    }
    await pace.think(5000, 10000);
  }
}
