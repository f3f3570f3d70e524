/**
 * The payments whose Paystack webhook this process is applying right now, by reference (issue #22).
 *
 * A payer back from the hosted checkout usually reaches the status page while Paystack's
 * charge.success webhook for the same payment is still being applied. The page's check then waits
 * for that webhook instead of asking Paystack once more and racing it to settle the same payment: one
 * Paystack call and one settlement transaction fewer, the same answer. Another process's webhook is
 * not seen here; the check then asks Paystack, as it always did, and settlement stays idempotent.
 */
const underway = new Map<string, Promise<void>>();

/** Runs `apply` (the webhook's work for `reference`) and lets checks of the same payment wait for it. */
export async function applyingWebhookOf<T>(reference: string, apply: () => Promise<T>): Promise<T> {
  const work = apply();
  const done = work.then(
    () => undefined,
    () => undefined, // the webhook's own caller sees its error; a waiting check just asks Paystack
  );
  underway.set(reference, done);
  try {
    return await work;
  } finally {
    if (underway.get(reference) === done) underway.delete(reference);
  }
}

/** Waits for this process's webhook of `reference` if one is being applied: true when it waited. */
export async function waitForWebhookOf(reference: string): Promise<boolean> {
  const pending = underway.get(reference);
  if (!pending) return false;
  await pending;
  return true;
}
