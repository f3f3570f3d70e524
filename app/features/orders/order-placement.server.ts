import { countCreation } from "~/features/auth/index.server";
import { type CatalogService, kindLabels, priceOrder, targetUrlFor } from "~/features/catalog";
import { serviceOnSale } from "~/features/catalog/index.server";
import { decodeImageDataUrl, discardUpload, storeImage } from "~/features/uploads/index.server";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { isUniqueViolation } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { isSameOrder } from "~/lib/idempotency";
import { type CreateOrderInput, type OrderTarget, orderTargetSchemaFor } from "./order-schema";
import { assertClient, type OrderConfirmation, type OrderRow, orderSelect, type OrderViewer, toConfirmation } from "./orders.server";

/** Placing an order at checkout: priced from the catalogue, once per checkout, with its account screenshot. */

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
  const service = await serviceOnSale(input.packageId);
  // A bad quantity, username, link or comment answers 400 naming the field (a ZodError).
  const target = orderTargetSchemaFor(service).parse(input);
  const fields = pricedOrderFields(client.id, service, target);

  if (input.checkoutKey) {
    const existing = await findByCheckoutKey(client.id, input.checkoutKey);
    if (existing) return earlierOrderFor(existing, fields);
  }
  // A new order (not a retried checkout) counts against the hour's allowance (issue #49).
  await countCreation("order", client.id);

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
    const order = await insertOrder(fields, target.commentLines, screenshot?.id ?? null, input.checkoutKey ?? null);
    return { order: toConfirmation(order), created: true };
  } catch (error) {
    await discardStoredScreenshot();
    // A concurrent submission of the same checkout won the unique (client, checkout key) race.
    if (input.checkoutKey && isUniqueViolation(error)) {
      const existing = await findByCheckoutKey(client.id, input.checkoutKey);
      if (existing) return earlierOrderFor(existing, fields);
    }
    throw error;
  }
}

/** The order a checkout key placed, answered again; the key with another package or account is a mix-up (422, issue #49). */
function earlierOrderFor(existing: OrderRow, placing: ReturnType<typeof pricedOrderFields>): CreatedOrder {
  if (!isSameOrder(existing, placing)) throw new AppError(422, "idempotency_key_reused", checkoutKeyReusedMessage);
  return { order: toConfirmation(existing), created: false };
}

/** Shown when a checkout key comes back for another order (an edited draft the browser did not renew). */
export const checkoutKeyReusedMessage = "This checkout was already placed for a different order. Please start the checkout again.";

/**
 * A new order's columns from its service: what it buys, its target's address (a profile's derived
 * here from the username, never taken from the browser; a post's as checked) and its price, fee, total
 * and worker's reward, kept as bought. The checkout and the reseller API both place orders with these.
 */
export function pricedOrderFields(clientId: number, service: CatalogService, target: Pick<OrderTarget, "quantity" | "targetUsername" | "postUrl">) {
  const price = priceOrder(service, target.quantity);
  return {
    clientId,
    packageId: service.id,
    packageName: `${target.quantity.toLocaleString("en-US")} ${kindLabels[service.kind]}`,
    platform: service.platform,
    serviceType: service.kind,
    quantity: target.quantity,
    targetUsername: target.targetUsername,
    targetUrl: target.postUrl ?? targetUrlFor(service.platform, target.targetUsername),
    priceMinor: price.priceMinor,
    rewardMinor: service.workerRewardMinor,
    feeMinor: price.feeMinor,
    totalMinor: price.totalMinor,
    currency: price.currency,
  };
}

/**
 * Writes a new order: one statement below Prisma, as every checkout places its order here (issue #22,
 * decision 0030). Answers the order as written: unpaid, pending, nothing delivered, no payments yet.
 */
async function insertOrder(fields: ReturnType<typeof pricedOrderFields>, commentLines: string[], screenshotUploadId: string | null, checkoutKey: string | null): Promise<OrderRow> {
  const createdAt = new Date();
  // A comments order's lines are written by the same statement, in the client's order.
  const [{ id }] = await getDatabase().sql.query<{ id: number }>(
    `WITH placed AS (
       INSERT INTO orders (client_id, package_id, package_name, platform, service_type, quantity, delivered_quantity, target_username, target_url,
         screenshot_upload_id, price_minor, fee_minor, total_minor, currency, status, payment_status, checkout_key, paid_from_wallet, drip_runs_opened, created_at, updated_at, reward_minor)
       VALUES ($1::int, $2::text, $3::text, $4::platform, $5::engagement_type, $6::int, 0, $7::text, $8::text,
         $9::text, $10::int, $11::int, $12::int, $13::currency, 'pending', 'unpaid', $14::text, false, 0, $15::timestamp, $15::timestamp, $16::int)
       RETURNING id
     ), lines AS (
       INSERT INTO order_comment_lines (order_id, position, text)
       SELECT placed.id, line.position, line.text FROM placed, unnest($17::text[]) WITH ORDINALITY AS line (text, position)
     )
     SELECT id FROM placed`,
    [
      fields.clientId,
      fields.packageId,
      fields.packageName,
      fields.platform,
      fields.serviceType,
      fields.quantity,
      fields.targetUsername,
      fields.targetUrl,
      screenshotUploadId,
      fields.priceMinor,
      fields.feeMinor,
      fields.totalMinor,
      fields.currency,
      checkoutKey,
      createdAt.toISOString(),
      fields.rewardMinor,
      commentLines,
    ],
  );
  const { clientId: _client, serviceType: _service, rewardMinor: _reward, ...shown } = fields;
  return { id, ...shown, deliveredQuantity: 0, status: "pending", paymentStatus: "unpaid", paidAt: null, refundRequestedAt: null, expiredAt: null, createdAt, paymentAttempts: [] };
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
