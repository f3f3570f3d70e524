// A flood of sign-ins with wrong passwords (password guessing against the store's real accounts)
// while everyone else shops and works. The store may refuse (401 wrong password, 429 too many
// failures) or shed load (503, always with Retry-After); never a 500. A 429 should say when to come
// back too (Retry-After, reported, not yet required: the sign-in limits are being reworked). The failures
// are counted in the database (rate_limit_events), so the limit holds across processes.
import { HttpError } from "./http.js";
import { pickOne } from "./pace.js";

const allowedStatuses = [401, 429, 503];

export function createSignInTally() {
  return { statuses: {}, unavailableWithoutRetryAfter: 0, limitedWithoutRetryAfter: 0, findings: [] };
}

/** `lanes` guessers, each one request at a time with a short pause, until the run ends. */
export async function runSignInFlood(emails, { call, pace, tally, lanes }) {
  const guess = async (lane) => {
    let attempt = 0;
    while (pace.running()) {
      try {
        const { status, headers } = await call("POST", "/api/auth/login", { body: { email: pickOne(emails), password: `wrong-${lane}-${attempt++}` }, expect: allowedStatuses });
        tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
        const hasRetryAfter = /^\d+$/.test(headers.get("retry-after") ?? "");
        if (status === 503 && !hasRetryAfter) tally.unavailableWithoutRetryAfter++;
        if (status === 429 && !hasRetryAfter) tally.limitedWithoutRetryAfter++;
      } catch (error) {
        if (error instanceof HttpError) tally.findings.push(`sign-in flood: ${error.message}`);
      }
      await pace.think(100, 300);
    }
  };
  await Promise.all(Array.from({ length: lanes }, (_, lane) => guess(lane)));
}
