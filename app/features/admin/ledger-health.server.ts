import { assertAdmin } from "~/features/auth";
import type { PublicUser } from "~/features/auth/index.server";
import { checkLedger, type LedgerRuleResult } from "~/features/ledger/index.server";
import { getDatabase } from "~/lib/database/db.server";

export interface LedgerHealth {
  rules: LedgerRuleResult[];
  brokenRules: number;
  checkedAt: string;
}

/** The ledger's invariants as they stand now (the same check as `npm run check-ledger`), for an admin. */
export async function ledgerHealthFor(admin: PublicUser, now = new Date()): Promise<LedgerHealth> {
  assertAdmin(admin);
  const rules = await checkLedger(getDatabase().sql);
  return { rules, brokenRules: rules.filter((result) => result.offending > 0).length, checkedAt: now.toISOString() };
}
