// `npm run check-ledger [-- --json]`: checks the ledger's invariants (app/features/ledger/ledger-check.server.ts)
// against the configured database and exits 1 if any rule is broken. It only reads, and starts no
// background job, so it is safe beside a running server on PostgreSQL; with the embedded database
// the server must be stopped first (one owner per data directory). The load test runs it after each run.
import { parseArgs } from "node:util";
import { withApp } from "./with-app.js";

const { values } = parseArgs({ options: { json: { type: "boolean", default: false } } });

try {
  await withApp(async (app) => {
    const results = await app.checkLedgerInvariants();
    const broken = results.filter((result) => result.offending > 0);
    if (values.json) console.log(JSON.stringify(results));
    else {
      for (const { rule, offending } of results) console.log(`${offending === 0 ? "ok  " : "FAIL"} ${rule}${offending === 0 ? "" : `: ${offending}`}`);
      console.log(broken.length === 0 ? "The ledger is sound." : `${broken.length} of ${results.length} ledger rules are broken.`);
    }
    process.exitCode = broken.length === 0 ? 0 : 1;
  });
} catch (error) {
  console.error(error?.message ?? error);
  process.exitCode = 2;
}
