import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { findRequestUser } from "~/features/auth/authenticate.server";
import { OrderConfirmationPage, OrderFetchFailure, orderFetchMessages } from "~/features/orders/order-confirmation";
import { deliveryTimeOf, formatOrderDateTime, orderReference, referenceYear } from "~/features/orders/order-display";
import { parseOrderId } from "~/features/orders/order-schema";
import { cancellationOfferFor, cancelOrder, getOrderFor } from "~/features/orders/orders.server";
import { isAppError } from "~/lib/errors";
import { siteBaseUrl } from "~/lib/seo.server";
import type { Route } from "./+types/order-success";

/*
 * SPEC §2 "/order-success?orderId=": the confirmation of one order, for its owner (or an admin).
 * A signed-in page: no page cache (no cacheForAnonymousVisitors) and no shared cache may keep it.
 */

export function meta() {
  return [{ title: "Order Confirmed | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The order id of the URL, or a redirect to / when it has none (SPEC §2) or it is not a number. */
function orderIdOf(request: Request): number {
  const orderId = parseOrderId(new URL(request.url).searchParams.get("orderId")?.trim());
  if (!orderId) throw redirect("/");
  return orderId;
}

/** Signed out: to /auth, which brings the visitor back here after signing in. */
async function requireSignedIn(request: Request) {
  const user = await findRequestUser(request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/auth?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
}

export async function loader({ request }: Route.LoaderArgs) {
  const orderId = orderIdOf(request);
  const user = await requireSignedIn(request);
  let order;
  try {
    order = await getOrderFor(user, orderId);
  } catch (error) {
    // Not found and not yours look alike (404), so order ids reveal nothing.
    if (isAppError(error) && error.status === 404) return data({ found: false as const, message: orderFetchMessages.notOk }, { status: 404 });
    throw error;
  }
  const offer = await cancellationOfferFor(user, orderId);
  return {
    found: true as const,
    order,
    reference: orderReference(order.id, referenceYear()),
    orderDate: formatOrderDateTime(order.createdAt),
    deliveryTime: deliveryTimeOf(order),
    cancellation: offer && { refundsPayment: offer.refundsPayment, until: offer.until && formatOrderDateTime(offer.until) },
    pageUrl: `${siteBaseUrl(request)}/order-success?orderId=${order.id}`,
  };
}

/** The "Cancel order" form: PRG back to this page, which then shows the cancelled order. */
export async function action({ request }: Route.ActionArgs) {
  const orderId = orderIdOf(request);
  const user = await requireSignedIn(request);
  const form = await request.formData();
  if (form.get("intent") !== "cancel") return data({ cancelError: "Unknown action." }, { status: 400 });
  if (user.role !== "client") return data({ cancelError: "Only the client who placed this order can cancel it." }, { status: 403 });
  try {
    await cancelOrder(user, orderId);
  } catch (error) {
    if (isAppError(error) && error.status < 500) {
      return data({ cancelError: error.status === 404 ? orderFetchMessages.notOk : error.message }, { status: error.status });
    }
    throw error;
  }
  throw redirect(`/order-success?orderId=${orderId}`, 303);
}

/** A refused cancellation (4xx) may mean the order changed meanwhile: read it again anyway. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export default function OrderSuccess({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <OrderFetchFailure message={loaderData.message} />;
  return <OrderConfirmationPage {...loaderData} cancelError={actionData?.cancelError ?? null} />;
}

/** SPEC §8: 'Failed to load order details.' when reading the order failed for another reason. */
export function ErrorBoundary() {
  return <OrderFetchFailure message={orderFetchMessages.failed} />;
}
