import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requirePageUser } from "~/features/auth/authenticate.server";
import type { PublicUser } from "~/features/auth/accounts.server";
import { topUpPaymentHref } from "~/features/payments/payment-status-state";
import { createTopUp, topUpFor } from "~/features/top-ups/top-ups.server";
import { topUpFormSchema } from "~/features/wallet/top-up-payment-schema";
import { WalletForClientsOnly, type WalletNotice, WalletPage, formatHistoryDate } from "~/features/wallet/wallet-page";
import { maximumTopUpMinor, minimumTopUpMinor } from "~/features/wallet/wallet-schema";
import { walletOf } from "~/features/wallet/wallet.server";
import { isAppError } from "~/lib/errors";
import { formatMoney, toMinorUnits } from "~/lib/money";
import { parseRecordId } from "~/lib/record-id";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/wallet";

/* /wallet (issue #20): the signed-in client's balance, top-up form and history. */

export function meta() {
  return [{ title: "Your wallet | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requirePageUser(request, url);
  // Workers and admins have no wallet: they are told so, as on /orders.
  if (user.role !== "client") return { wallet: null, notice: null };
  const { balanceMinor, currency, entries } = await walletOf(user);
  const wallet = {
    balance: formatMoney(balanceMinor, currency),
    isBelowZero: balanceMinor < 0,
    limits: `${formatMoney(minimumTopUpMinor, currency)} to ${formatMoney(maximumTopUpMinor, currency)}`,
    rows: entries.map((entry) => ({
      id: entry.id,
      date: formatHistoryDate(entry.createdAt),
      description: entry.description,
      orderId: entry.orderId,
      // U+2212 for a debit: a real minus sign, read as "minus".
      amount: `${entry.amountMinor < 0 ? "\u2212" : "+"}${formatMoney(Math.abs(entry.amountMinor), currency)}`,
      isCredit: entry.amountMinor >= 0,
      balance: formatMoney(entry.balanceMinor, currency),
    })),
  };
  return { wallet, notice: await toppedUpNotice(user, url.searchParams.get("toppedUp")) };
}

/**
 * `?toppedUp=<id>`: where a paid top-up's payment status page leads. Shown only for the client's own
 * top-up; one not credited yet is still being confirmed (the reconciler or the webhook credits it).
 */
async function toppedUpNotice(user: PublicUser, value: string | null): Promise<WalletNotice | null> {
  const topUpId = parseRecordId(value);
  if (!topUpId) return null;
  const topUp = await topUpFor(user, topUpId).catch((error: unknown) => {
    if (isAppError(error) && error.status === 404) return null;
    throw error;
  });
  if (!topUp) return null;
  const amount = formatMoney(toMinorUnits(topUp.amount), topUp.currency);
  return topUp.status === "credited"
    ? { tone: "success", text: `${amount} added to your wallet.` }
    : { tone: "pending", text: `Your payment for the ${amount} top-up is being confirmed. Your balance updates as soon as it is.` };
}

/** "Top up": a new top-up of the amount, then its payment page (PRG), without JavaScript too. */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requirePageUser(request, url);
  // The posted text goes to the schema as it is (no automatic coercion), as the JSON API's body does.
  const submission = parseWithZod(await readFormData(request), { schema: topUpFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  let topUpId: number;
  try {
    topUpId = (await createTopUp(user, submission.value.amount)).id;
  } catch (error) {
    // A worker or admin posting here (403): the service's words above the form.
    if (!isAppError(error) || error.status >= 500) throw error;
    return data({ result: submission.reply({ formErrors: [error.message] }) }, error.status);
  }
  throw redirect(topUpPaymentHref(topUpId), 303);
}

export default function Wallet({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.wallet) return <WalletForClientsOnly />;
  return <WalletPage wallet={loaderData.wallet} notice={loaderData.notice} lastResult={actionData?.result ?? null} />;
}
