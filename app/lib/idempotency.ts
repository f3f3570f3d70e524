/**
 * Idempotency keys (issue #49): a key names one request. Sent again with the same body it answers
 * the first result; sent with another body it is refused, as the caller has mixed up two requests
 * and booking either would be a guess.
 */
export const idempotencyKeyReusedMessage = "This Idempotency-Key was already used for a different request.";

/** What an order was placed for: a key sent again must name the same thing to get the same order. */
export type OrderWhat = { packageId: string; quantity: number; targetUrl: string };

export function isSameOrder(earlier: OrderWhat, again: OrderWhat): boolean {
  return earlier.packageId === again.packageId && earlier.quantity === again.quantity && earlier.targetUrl === again.targetUrl;
}
