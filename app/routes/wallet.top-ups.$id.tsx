import { data } from "react-router";
import type { PublicUser } from "~/features/auth/accounts.server";
import { requirePageUser } from "~/features/auth/authenticate.server";
import { paymentReferenceSchema } from "~/features/payments/payment-schema";
import { topUpFor } from "~/features/top-ups/top-ups.server";
import { TopUpPaymentPage } from "~/features/wallet/top-up-payment-page";
import { handleTopUpPaymentForm } from "~/features/wallet/top-up-payment.server";
import { WalletForClientsOnly } from "~/features/wallet/wallet-page";
import { isAppError } from "~/lib/errors";
import { formatMoney, toMinorUnits } from "~/lib/money";
import { parseRecordId } from "~/lib/record-id";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/wallet.top-ups.$id";

/* /wallet/top-ups/:id (issue #20): the client's own top-up and the ways to pay it (404 for anyone else's). */

export function meta() {
  return [{ title: "Top up your wallet | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

/** A payment refused for too many attempts also says when to come back (Retry-After), as the API does. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "private, no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

/** The client's own top-up, or the page's 404 (an unknown id and someone else's read the same). */
async function readTopUp(user: PublicUser, id: string | undefined) {
  return topUpFor(user, parseRecordId(id)).catch((error: unknown) => {
    if (isAppError(error) && error.status === 404) throw data("Top-up not found", 404);
    throw error;
  });
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requirePageUser(request, url);
  if (user.role !== "client") return { topUp: null, otpReference: null };
  const topUp = await readTopUp(user, params.id);
  // `?reference=&next=otp`: a Telecel Cash payment waiting for its voucher.
  const reference = paymentReferenceSchema.safeParse(url.searchParams.get("reference"));
  const otpReference = url.searchParams.get("next") === "otp" && reference.success ? reference.data : null;
  const money = (cedis: number) => formatMoney(toMinorUnits(cedis), topUp.currency);
  return {
    topUp: { id: topUp.id, amount: money(topUp.amount), fee: money(topUp.fee), total: money(topUp.total), isCredited: topUp.status === "credited", isExpired: topUp.status === "expired" },
    otpReference,
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const user = await requirePageUser(request, url);
  if (user.role !== "client") throw data("Only client accounts have a wallet.", 403);
  const topUp = await readTopUp(user, params.id);
  return handleTopUpPaymentForm(request, user, topUp, await readFormData(request), context.clientAddress);
}

export default function TopUpPayment({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.topUp) return <WalletForClientsOnly />;
  return <TopUpPaymentPage topUp={loaderData.topUp} otpReference={loaderData.otpReference} answer={actionData ?? null} />;
}
