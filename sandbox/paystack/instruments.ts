/**
 * Paystack's test instruments (DESIGN §5) as data: what a card or wallet asks for, in order, and
 * how the charge ends. A stored charge keeps only the instrument's id and how many challenges it has
 * passed, so no PIN, OTP, card number or CVV is ever written to disk.
 */

/**
 * What a charge waits for: a PIN, an OTP (or voucher), a phone number, a date of birth (YYYY-MM-DD),
 * a billing address (its zip code is checked), or a visit to the 3-D Secure page (`url`).
 */
export type Challenge = { kind: "pin" | "otp" | "phone" | "birthday" | "address" | "url"; answer: string };

export type Ending =
  | { kind: "success" }
  | { kind: "failed"; gatewayResponse: string }
  /** The payer approves on their phone; the outcome arrives after a delay (`pay_offline`). */
  | { kind: "offline"; outcome: "success" | "failed" | "abandoned"; gatewayResponse: string };

export interface Instrument {
  id: string;
  channel: "card" | "mobile_money";
  challenges: Challenge[];
  ending: Ending;
}

const success: Ending = { kind: "success" };

const cards: (Instrument & { number: string; cvv: string })[] = [
  { id: "card-success", number: "4084084084084081", cvv: "408", channel: "card", challenges: [], ending: success },
  { id: "card-pin", number: "507850785078507812", cvv: "081", channel: "card", challenges: [{ kind: "pin", answer: "1111" }], ending: success },
  {
    id: "card-pin-otp",
    number: "5060666666666666666",
    cvv: "123",
    channel: "card",
    challenges: [
      { kind: "pin", answer: "1234" },
      { kind: "otp", answer: "123456" },
    ],
    ending: success,
  },
  // Beyond PIN and OTP: the other steps Paystack's charge documents.
  { id: "card-phone", number: "507850785078507804", cvv: "884", channel: "card", challenges: [{ kind: "phone", answer: "0551234987" }], ending: success },
  { id: "card-birthday", number: "4084080000001214", cvv: "121", channel: "card", challenges: [{ kind: "birthday", answer: "1990-01-01" }], ending: success },
  { id: "card-address", number: "4084080000003319", cvv: "331", channel: "card", challenges: [{ kind: "address", answer: "00233" }], ending: success },
  { id: "card-3ds", number: "4084080000000409", cvv: "000", channel: "card", challenges: [{ kind: "url", answer: "authenticated" }], ending: success },
  { id: "card-declined", number: "4084080000005408", cvv: "001", channel: "card", challenges: [], ending: { kind: "failed", gatewayResponse: "Declined" } },
  { id: "card-insufficient", number: "4084080000670037", cvv: "787", channel: "card", challenges: [], ending: { kind: "failed", gatewayResponse: "Insufficient Funds" } },
];

/** MTN's test wallets; AirtelTigo (`atl`) answers to the same numbers, and to them with AT's prefix 026 (0261234987). */
const offlineWallets: (Instrument & { phone: string })[] = [
  { id: "momo-approve", phone: "0551234987", channel: "mobile_money", challenges: [], ending: { kind: "offline", outcome: "success", gatewayResponse: "Approved" } },
  {
    id: "momo-insufficient",
    phone: "0551234988",
    channel: "mobile_money",
    challenges: [],
    ending: { kind: "offline", outcome: "failed", gatewayResponse: "Insufficient funds" },
  },
  {
    id: "momo-abandon",
    phone: "0551234989",
    channel: "mobile_money",
    challenges: [],
    ending: { kind: "offline", outcome: "abandoned", gatewayResponse: "The transaction was not completed" },
  },
];

/** Telecel Cash (`vod`, formerly Vodafone Cash): any 10-digit number, then the voucher 123456. */
const vodafoneVoucher: Instrument = { id: "momo-vod-voucher", channel: "mobile_money", challenges: [{ kind: "otp", answer: "123456" }], ending: success };

const allInstruments: Instrument[] = [...cards, ...offlineWallets, vodafoneVoucher];

export const unknownCardMessage = "Transaction declined. Please use the test card.";
export const unknownWalletMessage = "Transaction declined. Please use a test mobile money number.";

export function instrumentById(id: string): Instrument | undefined {
  return allInstruments.find((instrument) => instrument.id === id);
}

export function findCard(number: string, cvv: string): Instrument | undefined {
  return cards.find((card) => card.number === number && card.cvv === cvv);
}

export function findWallet(provider: "mtn" | "vod" | "atl", phone: string): Instrument | undefined {
  if (provider === "vod") return /^\d{10}$/.test(phone) ? vodafoneVoucher : undefined;
  return offlineWallets.find((wallet) => wallet.phone === phone || (provider === "atl" && `026${wallet.phone.slice(3)}` === phone));
}

export const walletNames: Record<"mtn" | "vod" | "atl", string> = {
  mtn: "MTN Mobile Money",
  vod: "Telecel Cash",
  atl: "AT Money",
};

/** Card brand from the number's prefix, as Paystack reports it in `authorization.brand`. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^(506|507|650)/.test(number)) return "verve";
  return "unknown";
}

export const challengeStatus = { pin: "send_pin", otp: "send_otp", phone: "send_phone", birthday: "send_birthday", address: "send_address", url: "open_url" } as const;

export function challengeText(challenge: Challenge, channel: Instrument["channel"]): string {
  if (challenge.kind === "pin") return "Please enter your 4-digit card PIN";
  if (challenge.kind === "phone") return "Please enter your phone number";
  if (challenge.kind === "birthday") return "Please enter your date of birth";
  if (challenge.kind === "address") return "Please enter your billing address";
  if (challenge.kind === "url") return "Please complete authentication on your bank's page";
  return channel === "mobile_money"
    ? "Please dial *110# on your Telecel number to generate a voucher, then enter it"
    : "Please enter the OTP sent to your phone";
}

export function wrongAnswerMessage(challenge: Challenge, channel: Instrument["channel"]): string {
  if (challenge.kind === "pin") return "Incorrect PIN";
  if (challenge.kind === "phone") return "Phone number could not be verified";
  if (challenge.kind === "birthday") return "Date of birth could not be verified";
  if (challenge.kind === "address") return "Address could not be verified";
  if (challenge.kind === "url") return "Authentication failed";
  return channel === "mobile_money" ? "Incorrect voucher code" : "Incorrect OTP";
}
