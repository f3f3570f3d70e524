import type { DripFeed } from "~/features/drip-feed";
import { pricedOrderFields } from "~/features/orders/index.server";
import { payFromWalletIn } from "~/features/wallet/index.server";
import { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { isAppError } from "~/lib/errors";
import { isSameOrder, type OrderWhat } from "~/lib/idempotency";
import type { OrderLine } from "./order-line";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * An order paid from the client's wallet in one transaction: the order is created, its price leaves
 * the balance and its task opens, or nothing is written. The reseller API's `add` and the mass-order
 * page place orders with this. `clientReference` makes a retry return the first order instead of a
 * second one, also when both arrive at once.
 */
export type PlacedWalletOrder = { orderId: number } | { refused: "insufficient_balance" | "reference_reused" };

export async function placeWalletOrder(
  clientId: number,
  line: OrderLine,
  { apiKeyId = null, clientReference = null, dripFeed = null }: { apiKeyId?: number | null; clientReference?: string | null; dripFeed?: DripFeed | null },
  now: Date,
): Promise<PlacedWalletOrder> {
  if (clientReference) {
    const earlier = await orderByReference(clientId, clientReference);
    if (earlier) return earlierOrderFor(earlier, line);
  }
  try {
    const orderId = await getPrisma().$transaction(async (transaction) => {
      const order = await transaction.order.create({
        data: {
          ...pricedOrderFields(clientId, line.service, line.target),
          commentLines: { create: line.target.commentLines.map((text, index) => ({ position: index + 1, text })) },
          apiKeyId,
          clientReference,
          // A drip-feed order (issue #21): `line.quantity` is the whole, delivered run by run.
          ...(dripFeed && { dripRuns: dripFeed.runs, dripIntervalMinutes: dripFeed.intervalMinutes }),
        },
        select: { id: true },
      });
      await payFromWalletIn(sqlOfPrisma(transaction), clientId, order.id, now);
      return order.id;
    });
    return { orderId };
  } catch (error) {
    if (isAppError(error) && error.code === "insufficient_balance") return { refused: "insufficient_balance" };
    // The same reference sent twice at once: the first one's order is the answer to both.
    if (clientReference && error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const earlier = await orderByReference(clientId, clientReference);
      if (earlier) return earlierOrderFor(earlier, line);
    }
    throw error;
  }
}

/** The order a reference placed, answered again; the reference with another service, link or quantity is refused (issue #49). */
function earlierOrderFor(earlier: { id: number } & OrderWhat, line: OrderLine): PlacedWalletOrder {
  const placing = pricedOrderFields(0, line.service, line.target);
  return isSameOrder(earlier, { packageId: placing.packageId, quantity: line.quantity, targetUrl: placing.targetUrl }) ? { orderId: earlier.id } : { refused: "reference_reused" };
}

function orderByReference(clientId: number, clientReference: string) {
  return getPrisma().order.findUnique({ where: { clientId_clientReference: { clientId, clientReference } }, select: { id: true, packageId: true, quantity: true, targetUrl: true } });
}
