import { type CatalogPlatform, isValidQuantity, packageFor, priceOrder, targetUrlFor } from "~/features/catalog/catalog";
import { decodeImageDataUrl, discardUpload, storeImage } from "~/features/uploads/uploads.server";
import { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import type { CreateOrderInput } from "./order-schema";
import { assertClient, type OrderConfirmation, orderSelect, type OrderViewer, toConfirmation } from "./orders.server";

/** Placing an order at checkout: priced from the catalogue, once per checkout, with its account screenshot. */

/**
 * A new order's columns, read back by its INSERT: it has no payments yet, and reading them too made
 * the insert a transaction of four more round trips (issue #22).
 */
const { paymentAttempts: _noPaymentsYet, ...newOrderSelect } = orderSelect;

export interface CreatedOrder {
  order: OrderConfirmation;
  /** false when the checkout key named an order created earlier (nothing new was written). */
  created: boolean;
}

/**
 * Creates a client's order, priced from the catalogue. With a checkout key, a retried or
 * concurrent submission of the same checkout returns the order created first: no second order and
 * no second screenshot upload. The screenshot comes as the data URL of the input, or (the
 * no-JavaScript checkout) as an upload the client stored earlier.
 */
export async function createOrder(client: OrderViewer, input: CreateOrderInput, { screenshotUploadId }: { screenshotUploadId?: string } = {}): Promise<CreatedOrder> {
  assertClient(client);
  const prisma = getPrisma();
  const platform: CatalogPlatform = input.platform;
  if (!isValidQuantity(input.quantity)) throw new AppError(400, "invalid_quantity", "Invalid quantity");

  if (input.checkoutKey) {
    const existing = await findByCheckoutKey(client.id, input.checkoutKey);
    if (existing) return { order: toConfirmation(existing), created: false };
  }

  const screenshot = screenshotUploadId
    ? await findOwnScreenshot(client, screenshotUploadId)
    : input.accountScreenshot
      ? await storeImage({ ownerId: client.id, purpose: "account_screenshot", bytes: decodeImageDataUrl(input.accountScreenshot) })
      : null;
  // A screenshot stored by this very call goes again if no order of this call takes it.
  const discardStoredScreenshot = async () => {
    if (screenshot && !screenshotUploadId) await discardUpload(screenshot.id);
  };

  try {
    const order = await prisma.order.create({
      data: {
        ...pricedOrderFields(client.id, platform, input.quantity, input.targetUsername),
        screenshotUploadId: screenshot?.id ?? null,
        checkoutKey: input.checkoutKey ?? null,
      },
      select: newOrderSelect,
    });
    return { order: toConfirmation({ ...order, paymentAttempts: [] }), created: true };
  } catch (error) {
    await discardStoredScreenshot();
    // A concurrent submission of the same checkout won the unique (client, checkout key) race.
    if (input.checkoutKey && error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const existing = await findByCheckoutKey(client.id, input.checkoutKey);
      if (existing) return { order: toConfirmation(existing), created: false };
    }
    throw error;
  }
}

/**
 * A new order's columns from the catalogue: what it buys, its target's address (derived here, never
 * taken from the browser) and its price, fee and total. The checkout and the reseller API both place
 * orders with these.
 */
export function pricedOrderFields(clientId: number, platform: CatalogPlatform, quantity: number, targetUsername: string) {
  const price = priceOrder(platform, quantity);
  const catalogPackage = packageFor(platform, quantity);
  return {
    clientId,
    packageId: catalogPackage.id,
    packageName: catalogPackage.name,
    platform,
    serviceType: "followers" as const,
    quantity,
    targetUsername,
    targetUrl: targetUrlFor(platform, targetUsername),
    priceMinor: price.priceMinor,
    feeMinor: price.feeMinor,
    totalMinor: price.totalMinor,
    currency: price.currency,
  };
}

/** An account screenshot the client uploaded; anyone else's (or an unknown id) is refused alike. */
async function findOwnScreenshot(client: OrderViewer, uploadId: string) {
  const upload = await getPrisma().upload.findFirst({ where: { id: uploadId, ownerId: client.id, purpose: "account_screenshot" }, select: { id: true } });
  if (!upload) throw new AppError(400, "screenshot_missing", "Please upload your account screenshot again.");
  return upload;
}

function findByCheckoutKey(clientId: number, checkoutKey: string) {
  return getPrisma().order.findUnique({ where: { clientId_checkoutKey: { clientId, checkoutKey } }, select: orderSelect });
}
