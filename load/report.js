// The summary of a load run, and the verdict: any 5xx, connection error or timeout, any error the
// server logged, a server that does not stop cleanly, or a failed integrity check fails the run.

export function printReport({ recorder, integrity, clientTally, workerTally, workerStatsMismatches, signInTally, serverLog, serverExits, settings }) {
  const { durationSeconds, clientCount, workerCount, guesserCount, processCount, serverCpuSeconds, loadAverageBefore, loadAverageAfter, nproc } = settings;
  console.log(
    `\n=== Load: ${clientCount} clients, ${workerCount} workers, 1 admin, ${guesserCount} password guessers, ${durationSeconds} s, ${processCount} server process${processCount === 1 ? "" : "es"} on one database; ${nproc} CPUs, load average ${loadAverageBefore.toFixed(1)} before, ${loadAverageAfter.toFixed(1)} after ===\n`,
  );

  const routes = [...recorder.routes.entries()].sort(([a], [b]) => Number(a.startsWith("setup")) - Number(b.startsWith("setup")) || a.localeCompare(b));
  const table = [["route", "answers", "statuses", "errors", "p50 ms", "p99 ms", "max ms"]];
  let loadAnswers = 0;
  let serverErrors = 0;
  let networkErrors = 0;
  for (const [name, route] of routes) {
    const sorted = Float64Array.from(route.latencies).sort();
    // The sign-in flood may be shed with 503 (with Retry-After, checked by the flood itself); any other 5xx fails.
    const fivexx = Object.entries(route.statuses).filter(([status]) => Number(status) >= 500 && !(name.startsWith("flood:") && status === "503")).reduce((sum, [, n]) => sum + n, 0);
    const errors = Object.values(route.errors).reduce((sum, n) => sum + n, 0);
    serverErrors += fivexx;
    networkErrors += errors;
    if (!name.startsWith("setup")) loadAnswers += sorted.length;
    table.push([
      name,
      String(sorted.length),
      Object.entries(route.statuses).map(([status, n]) => `${n}×${status}`).join(" "),
      errors ? Object.entries(route.errors).map(([kind, n]) => `${n}×${kind}`).join(" ") : "",
      ms(percentile(sorted, 0.5)),
      ms(percentile(sorted, 0.99)),
      ms(sorted[sorted.length - 1]),
    ]);
  }
  printTable(table);
  const seconds = durationSeconds;
  console.log(
    `\n${loadAnswers} answers during the load (${(loadAnswers / seconds).toFixed(1)}/s); server CPU ${serverCpuSeconds.toFixed(1)} s (${((serverCpuSeconds / seconds) * 100).toFixed(0)} % of one core${processCount > 1 ? `, ${processCount} processes together` : ""}); ` +
      `the load generator's event-loop delay p99 ${Math.round(settings.generatorDelayMs.p99)} ms, max ${Math.round(settings.generatorDelayMs.max)} ms.`,
  );

  const { figures } = integrity;
  console.log(
    `Orders: ${figures.orders} created (${clientTally.ordersRepeated} checkouts submitted twice, same order), ${figures.paidOrders} paid (${clientTally.paidSeen.size} seen paid by their client), ${figures.completedOrders} fully delivered.`,
  );
  console.log(`Payment attempts: ${figures.attempts.map((row) => `${row.count} ${row.status}`).join(", ")}; second payments refunded: ${figures.secondPaymentsRefunded.map((row) => `${row.count} ${row.refund_state}`).join(", ") || "none"}.`);
  console.log(`Card payers back at the store whose first check still read open (then checked again): ${clientTally.openOnReturn}.`);
  console.log(`Client outcomes: ${Object.entries(clientTally.outcomes).sort(([a], [b]) => a.localeCompare(b)).map(([outcome, n]) => `${outcome} ${n}`).join("; ")}.`);
  console.log(
    `Completions: ${figures.completions} (${(figures.completions / seconds).toFixed(1)}/s) on ${figures.tasks} tasks (${figures.tasksFilled} filled) by ${figures.workersWhoEarned} workers; earnings ${figures.earningsMinor} pesewas. ` +
      `Worker answers: ${workerTally.accepted} accepted, ${workerTally.closed} task closed, ${workerTally.repeats} already done, ${workerTally.tooFast} too fast (429), ${workerTally.dailyLimit} daily limit, ${workerTally.idleLooks} empty lists.`,
  );
  console.log(
    `Refills: ${clientTally.refillsRequested} requested naming ${clientTally.deliveriesNamed} deliveries as dropped, ${clientTally.refillsRefused} refused (one in progress, a delivery already flagged, or one per 24 h); ` +
      `in the database: ${figures.refills} refills, named deliveries ${figures.namedDeliveries.map((row) => `${row.count} ${row.state}`).join(", ") || "none"}, ${figures.clawbacks} claw-backs, ${figures.replacementTasks} re-delivery tasks.`,
  );

  if (guesserCount > 0) {
    console.log(
      `Sign-in flood (wrong passwords): ${Object.entries(signInTally.statuses).map(([status, n]) => `${n}×${status}`).join(" ") || "no answers"}; ` +
        `${signInTally.statuses[401] ?? 0} were checked and refused (401) (counted as failures in the database) before the failure limits answered 429; ${signInTally.limitedWithoutRetryAfter} of the 429s without Retry-After.`,
    );
  }

  const loggedErrors = serverLog.filter((line) => levelOf(line) >= 50);
  const loggedWarnings = serverLog.filter((line) => levelOf(line) === 40);
  const rows = [
    { name: "answers 5xx", value: serverErrors, expected: 0 },
    { name: "connection errors and timeouts", value: networkErrors, expected: 0 },
    { name: "errors the server logged", value: loggedErrors.length, expected: 0 },
    { name: `server exit code${serverExits.length > 1 ? "s" : ""} on SIGTERM`, value: serverExits.map((exit) => exit.code).join(", "), expected: serverExits.map(() => 0).join(", ") },
    { name: "sign-in flood 503 answers without Retry-After", value: signInTally.unavailableWithoutRetryAfter, expected: 0 },
    ...integrity.rows,
  ].map((row) => ({ ...row, ok: row.value === row.expected }));
  console.log("\nChecks:");
  for (const row of rows) console.log(`  ${row.ok ? "ok  " : "FAIL"}  ${row.name}: ${row.value}${row.ok ? "" : ` (expected ${row.expected})`}`);

  const details = [
    ...distinct(loggedErrors).map((line) => `server error: ${line}`),
    ...distinct(loggedWarnings).slice(0, 10).map((line) => `server warning: ${line}`),
    ...clientTally.findings,
    ...workerTally.findings,
    ...workerStatsMismatches,
  ];
  if (details.length > 0) {
    console.log(`\nDetails (first 30 of ${details.length}):`);
    for (const line of details.slice(0, 30)) console.log(`  ${line.slice(0, 600)}`);
  }
  const ok = rows.every((row) => row.ok);
  console.log(ok ? "\nLOAD TEST PASSED" : "\nLOAD TEST FAILED");
  return ok;
}

function levelOf(line) {
  try {
    return JSON.parse(line).level ?? 0;
  } catch {
    return 50; // not a log line: a crash trace or a raw write to stderr counts as an error
  }
}

/** Log lines deduplicated by message and error, with a count. */
function distinct(lines) {
  const counts = new Map();
  for (const line of lines) {
    let key = line;
    try {
      const entry = JSON.parse(line);
      // `error` and `method`: the Paystack client's summary of a failed call ("timed out", "connection refused"), not the path (it holds a reference).
      key = JSON.stringify({ msg: entry.msg, err: entry.err ? `${entry.err.code ?? entry.err.type}: ${entry.err.message}` : undefined, method: entry.method, error: typeof entry.error === "string" ? entry.error : undefined });
    } catch {
      // keep the raw line
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].map(([key, n]) => `${n}× ${key}`);
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const ms = (value) => (Number.isNaN(value) || value === undefined ? "" : String(Math.round(value)));

function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) => row.map((cell, column) => (column === 0 || column === 2 || column === 3 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ").trimEnd();
  console.log(line(rows[0]));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows.slice(1)) console.log(line(row));
}
