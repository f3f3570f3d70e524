import { requirePageUser } from "~/features/auth/authenticate.server";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { OrderConfirmationPage, OrderFetchFailure, orderFetchMessages } from "~/features/orders/order-confirmation";
import { cancelOrderFromForm, isAskingToCancel, loadOrderView } from "~/features/orders/order-pages.server";
import { parseRecordId } from "~/lib/record-id";
import { cancelQuestionParam } from "~/features/orders/order-schema";
import { cancelSectionId } from "~/features/orders/order-cancel-form";
import type { Route } from "./+types/order-success";
import { readFormData } from "~/lib/request-body.server";

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
function orderIdOf(url: URL): number {
  const orderId = parseRecordId(url.searchParams.get("orderId")?.trim());
  if (!orderId) throw redirect("/");
  return orderId;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const orderId = orderIdOf(url);
  const user = await requirePageUser(request, url);
  const view = await loadOrderView(request, user, orderId, `/order-success?orderId=${orderId}`, { isAskingToCancel: isAskingToCancel(url) });
  return view.found ? view : data(view, { status: 404 });
}

/** The "Cancel order" form: PRG back to this page, which then shows the cancelled order. */
export async function action({ request, url }: Route.ActionArgs) {
  const orderId = orderIdOf(url);
  const user = await requirePageUser(request, url);
  const outcome = await cancelOrderFromForm(user, orderId, await readFormData(request));
  if (outcome.isUnconfirmed) throw redirect(`/order-success?orderId=${orderId}&${cancelQuestionParam.name}=${cancelQuestionParam.value}#${cancelSectionId}`, 303);
  if (!outcome.isCancelled) return data({ cancelError: outcome.cancelError }, { status: outcome.status });
  throw redirect(`/order-success?orderId=${orderId}`, 303);
}

/** A refused cancellation (4xx) may mean the order changed meanwhile: read it again anyway. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export default function OrderSuccess({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <OrderFetchFailure message={loaderData.message} />;
  return <OrderConfirmationPage {...loaderData} cancelError={actionData?.cancelError ?? loaderData.cancelError} />;
}

/** SPEC §8: 'Failed to load order details.' when reading the order failed for another reason. */
export function ErrorBoundary() {
  return <OrderFetchFailure message={orderFetchMessages.failed} />;
}
