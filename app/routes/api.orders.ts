import { requireUser } from "~/features/auth/authenticate.server";
import { createOrderSchema, listOrdersQuerySchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { listOrdersFor } from "~/features/orders/orders.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { getEnv } from "~/lib/env.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.orders";

/** GET /api/orders: the signed-in client's orders, newest first (`?limit=` ≤ 50, `?cursor=` last id). */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const client = await requireUser(request, ["client"]);
  const url = new URL(request.url);
  const query = listOrdersQuerySchema.parse({
    limit: url.searchParams.get("limit") ?? undefined,
    cursor: url.searchParams.get("cursor") ?? undefined,
  });
  return jsonResponse(await listOrdersFor(client, query));
});

/** POST /api/orders: creates an order (201), or answers the checkout's existing one (200). */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  // The body carries the account screenshot as a data URL, hence the upload limit.
  const input = await readJsonBody(request, createOrderSchema, getEnv().UPLOAD_BODY_LIMIT_BYTES);
  const { order, created } = await createOrder(client, input);
  return jsonResponse(order, { status: created ? 201 : 200 });
});
