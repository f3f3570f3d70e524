import type { MobileMoneyProviderCode } from "./payment-schema";

/*
 * Which network a Ghana mobile number was issued by, from its prefix (the NCA's numbering plan as
 * the networks use it in 2026): MTN 024, 025, 053, 054, 055, 059; Telecel (formerly Vodafone) 020,
 * 050; AT (formerly AirtelTigo: Airtel's 026, 056 and Tigo's 027, 057). 023 (Glo) and 028 (Expresso)
 * belong to networks with no mobile money on Paystack, and an 02x or 05x prefix not listed is not
 * known to be in use: for those the payer's choice of network is taken as it is.
 *
 * A prefix names the network that issued the number, not always the one holding it: Ghana has had
 * mobile number portability since 2011. So a number of another network's prefix is refused until
 * the payer says it moved (mobile-money wallet schema in payment-schema.ts): the prompt of a charge
 * sent to the wrong network never reaches the phone, the payer waits minutes for it to be
 * abandoned, and meanwhile the order's one open prompt (decision 0016) blocks paying again.
 */
export const networkPrefixes: Record<MobileMoneyProviderCode, readonly string[]> = {
  mtn: ["024", "025", "053", "054", "055", "059"],
  vod: ["020", "050"],
  tgo: ["026", "027", "056", "057"],
};

/** The networks' own names, as a sentence names them ("055 is an MTN number"). */
export const networkNames: Record<MobileMoneyProviderCode, string> = { mtn: "MTN", vod: "Telecel", tgo: "AT" };

const networkByPrefix = new Map(
  (Object.entries(networkPrefixes) as [MobileMoneyProviderCode, readonly string[]][]).flatMap(([network, prefixes]) => prefixes.map((prefix) => [prefix, network] as const)),
);

/** The network that issued a number in the local form (0551234987; its first 3 digits are enough), or null when its prefix is not a mobile-money network's. */
export function networkOfNumber(national: string): MobileMoneyProviderCode | null {
  return networkByPrefix.get(national.slice(0, 3)) ?? null;
}

/**
 * The sentence naming the network a number belongs to, and whether it is not the network chosen:
 * null while the number has no known prefix (too short, or a prefix of no mobile-money network).
 * `typed` is the number as written (+233 55…, 055…), `chosen` the provider picked, if any.
 */
export function networkNote(national: string, chosen: MobileMoneyProviderCode | null): { network: MobileMoneyProviderCode; isMismatch: boolean; sentence: string } | null {
  const network = networkOfNumber(national);
  if (!network) return null;
  const prefix = national.slice(0, 3);
  const article = articleOf(network);
  if (chosen === null || chosen === network) return { network, isMismatch: false, sentence: `${prefix} is ${article} ${networkNames[network]} number.` };
  return { network, isMismatch: true, sentence: networkMismatchMessage(prefix, network, chosen) };
}

/** A number of one network's prefix with another network chosen: what to do, either way. */
export function networkMismatchMessage(prefix: string, network: MobileMoneyProviderCode, chosen: MobileMoneyProviderCode): string {
  const article = articleOf(network);
  return `${prefix} is ${article} ${networkNames[network]} number, not ${networkNames[chosen]}: choose ${networkNames[network]}, or tick “${portedLabel(chosen)}” if you moved it.`;
}

/** "an MTN", "a Telecel", "an AT" (said as letters). */
const articleOf = (network: MobileMoneyProviderCode) => (network === "vod" ? "a" : "an");

/** The checkbox a payer ticks when their number moved to the network they chose (number portability). */
export const portedLabel = (chosen: MobileMoneyProviderCode) => `My number moved to ${networkNames[chosen]}`;

/**
 * The local form of a number while it is being typed (055 1, +233 55 1…), enough to read its
 * prefix: null until three digits of it are known.
 */
export function typedNationalPrefix(typed: string): string | null {
  const digits = typed.replace(/\D/g, "");
  const national = /^(?:00)?233/.test(digits) ? digits.replace(/^(?:00)?233(0?)/, "0") : digits;
  return national.length >= 3 && national.startsWith("0") ? national : null;
}

/**
 * The network a payer chose for a number of another network's prefix (as a form sent them, typed
 * as they were): the one to offer "My number moved to …" for; null when the pair agrees or is unknown.
 */
export function movedToOf(phone: unknown, chosen: unknown): MobileMoneyProviderCode | null {
  const national = typeof phone === "string" ? typedNationalPrefix(phone) : null;
  const provider = (Object.keys(networkPrefixes) as MobileMoneyProviderCode[]).find((code) => code === chosen);
  return national && provider && networkNote(national, provider)?.isMismatch ? provider : null;
}
