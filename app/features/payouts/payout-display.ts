/** A payout wallet's network as people know it today, by Paystack's bank code (payouts.server.ts). */
const payoutNetworkNames: Record<string, string> = { MTN: "MTN", VOD: "Telecel", ATL: "AT" };

export function payoutNetworkName(bankCode: string): string {
  return payoutNetworkNames[bankCode] ?? bankCode;
}
