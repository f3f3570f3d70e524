import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { createOrderSchema, orderHistoryQuerySchema } from "./order-schema";
import { createOrder } from "./order-placement.server";
import { findOrderReferenceOfPayment, listOrderHistoryFor, ORDER_HISTORY_PAGE_SIZE, type OrderViewer } from "./orders.server";

/*
 * The order history of /orders and the order reference of the payment status page, on PGlite or
 * PostgreSQL (TEST_DATABASE_URL): a client reads only its own orders, newest first, 20 a page.
 */

const { prisma } = serviceDatabase();

const body = (quantity = 100) => createOrderSchema.parse({ packageId: "custom-tiktok", quantity, targetUsername: "kofi.gh", accountScreenshot: null });

async function placeOrders(client: OrderViewer, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await createOrder(client, body(50 + index))).order.id);
  return ids;
}

describe("listOrderHistoryFor", () => {
  it("pages through the client's own orders, newest first, 20 a page", async () => {
    const client = await createTestUser(prisma(), "client");
    const other = await createTestUser(prisma(), "client");
    const ids = await placeOrders(client, ORDER_HISTORY_PAGE_SIZE + 3);
    await placeOrders(other, 2);
    const newestFirst = [...ids].reverse();

    const first = await listOrderHistoryFor(client, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 23 });
    expect(first.orders.map((order) => order.id)).toEqual(newestFirst.slice(0, 20));
    expect(first.orders[0]).toMatchObject({ package_name: "72 Followers", platform: "tiktok", target_url: "https://www.tiktok.com/@kofi.gh", status: "pending" });

    const second = await listOrderHistoryFor(client, 2);
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 23 });
    expect(second.orders.map((order) => order.id)).toEqual(newestFirst.slice(20));

    // Past the end: the last page, so a stale link still shows orders.
    expect((await listOrderHistoryFor(client, 9)).orders.map((order) => order.id)).toEqual(newestFirst.slice(20));
    // The other client sees only its two.
    expect((await listOrderHistoryFor(other, 1)).total).toBe(2);
  });

  it("answers one empty page to a client without orders", async () => {
    const client = await createTestUser(prisma(), "client");
    expect(await listOrderHistoryFor(client, 3)).toEqual({ orders: [], page: 1, pageCount: 1, total: 0 });
  });

  it("is for clients only", async () => {
    expect((await refusal(listOrderHistoryFor(await createTestUser(prisma(), "worker"), 1))).status).toBe(403);
    expect((await refusal(listOrderHistoryFor(await createTestUser(prisma(), "admin"), 1))).status).toBe(403);
  });

  it("reads ?page= leniently: a page number, else the first page", () => {
    const pageOf = (page: string | undefined) => orderHistoryQuerySchema.parse({ page }).page;
    expect(pageOf("3")).toBe(3);
    for (const bad of [undefined, "", "0", "-2", "1.5", "abc", "99999999999"]) expect(pageOf(bad)).toBe(1);
  });
});

describe("findOrderReferenceOfPayment", () => {
  it("names the order of a payment by its SMB reference, with the year the order was placed", async () => {
    const client = await createTestUser(prisma(), "client");
    const { order } = await createOrder(client, body());
    // An order placed last year keeps last year's reference.
    await prisma().order.update({ where: { id: order.id }, data: { createdAt: new Date("2025-12-31T23:30:00Z") } });
    const reference = `smb-${order.id}-0123456789abcdef`;
    await prisma().paymentAttempt.create({ data: { orderId: order.id, reference, channel: "card", amountMinor: 10_170, currency: "GHS" } });

    expect(await findOrderReferenceOfPayment(reference)).toBe(`SMB-${order.id}-2025`);
    expect(await findOrderReferenceOfPayment("smb-0-unknown")).toBeNull();
  });
});
