import { requireUser } from "~/features/auth/authenticate.server";
import { walletOf } from "~/features/wallet/wallet.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { toMajorUnits } from "~/lib/money";
import type { Route } from "./+types/api.wallet";

/**
 * GET /api/wallet (issue #20): the client's balance and latest movements, newest first, each with the
 * balance it left. Amounts are cedis as numbers (decision 0010), debits negative.
 */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const client = await requireUser(request, ["client"]);
  const wallet = await walletOf(client);
  return jsonResponse({
    balance: toMajorUnits(wallet.balanceMinor),
    currency: wallet.currency,
    entries: wallet.entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: toMajorUnits(entry.amountMinor),
      balance: toMajorUnits(entry.balanceMinor),
      description: entry.description,
      orderId: entry.orderId,
      topUpId: entry.topUpId,
      createdAt: entry.createdAt.toISOString(),
    })),
  });
});

export const action = () => errorResponse(405, "Method not allowed");
