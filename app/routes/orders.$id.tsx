import { requirePageUser } from "~/features/auth/authenticate.server";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { OrderFetchFailure, orderFetchMessages } from "~/features/orders/order-confirmation";
import { OrderPage } from "~/features/orders/order-page";
import { cancelOrderFromForm, flagDeliveriesFromForm, isAskingToCancel, loadOrderView, requestRefillFromForm } from "~/features/orders/order-pages.server";
import { deliveriesPanelFor, deliveriesPageSchema } from "~/features/deliveries/deliveries.server";
import { parseRecordId } from "~/lib/record-id";
import { cancelQuestionParam } from "~/features/orders/order-schema";
import { cancelSectionId } from "~/features/orders/order-cancel-form";
import type { Route } from "./+types/orders.$id";
import { readFormData } from "~/lib/request-body.server";

/*
 * /orders/:id: one order's page, for the client who placed it and for admins (the order service
 * decides: anyone else gets the same 404 as an order that does not exist). Signed in only: no page
 * cache and no shared cache may keep it.
 */

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.found ? `Order ${loaderData.reference}` : "Order";
  return [{ title: `${title} | Social Media Boost` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requirePageUser(request, url);
  const orderId = parseRecordId(params.id);
  const view = await loadOrderView(request, user, orderId, `/orders/${orderId}`, { withRefills: true, isAskingToCancel: isAskingToCancel(url) });
  if (!view.found) return data(view, { status: 404 });
  const flagged = Number(url.searchParams.get("flagged"));
  const deliveries = await deliveriesPanelFor(user, orderId, {
    page: deliveriesPageSchema.catch(1).parse(url.searchParams.get("deliveries") ?? undefined),
    isAllSelected: url.searchParams.get("select") === "all",
    justFlagged: Number.isSafeInteger(flagged) && flagged > 0 ? flagged : null,
  });
  return {
    ...view,
    // Who delivered: once there is a delivery, or while the order is being delivered.
    deliveries: deliveries.total > 0 || view.order.status === "processing" ? deliveries : null,
    // `?cancelled=1` is where a cancellation lands (PRG): say so while the order is indeed cancelled.
    isJustCancelled: url.searchParams.get("cancelled") === "1" && view.order.status === "cancelled",
    isJustRefilled: url.searchParams.get("refill") === "requested" && (view.refill?.refills.length ?? 0) > 0,
    adminHref: user.role === "admin" ? `/admin/orders/${orderId}` : null,
  };
}

/** The "Cancel order", "Flag selected" and "Refill selected" forms (with or without JavaScript): back to this page with a notice (PRG). */
export async function action({ request, params, url }: Route.ActionArgs) {
  const user = await requirePageUser(request, url);
  const orderId = parseRecordId(params.id);
  const form = await readFormData(request);
  if (form.get("intent") === "flag") {
    const outcome = await flagDeliveriesFromForm(user, orderId, form);
    if (!outcome.isFlagged) return data({ cancelError: null, refillError: null, flagError: outcome.flagError }, { status: outcome.status });
    throw redirect(`/orders/${orderId}?deliveries=${url.searchParams.get("deliveries") ?? 1}&flagged=${outcome.flagged}#deliveries`, 303);
  }
  if (form.get("intent") === "refill") {
    const requested = await requestRefillFromForm(user, orderId, form);
    if (!requested.isRequested) return data({ cancelError: null, refillError: requested.refillError, flagError: null }, { status: requested.status });
    throw redirect(`/orders/${orderId}?refill=requested#refill`, 303);
  }
  const outcome = await cancelOrderFromForm(user, orderId, form);
  if (outcome.isUnconfirmed) throw redirect(`/orders/${orderId}?${cancelQuestionParam.name}=${cancelQuestionParam.value}#${cancelSectionId}`, 303);
  if (!outcome.isCancelled) return data({ cancelError: outcome.cancelError, refillError: null, flagError: null }, { status: outcome.status });
  throw redirect(`/orders/${orderId}?cancelled=1`, 303);
}

/** A refused cancellation (4xx) may mean the order changed meanwhile: read it again anyway. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <OrderFetchFailure message={loaderData.message} />;
  return <OrderPage {...loaderData} cancelError={actionData?.cancelError ?? loaderData.cancelError} refillError={actionData?.refillError ?? null} flagError={actionData?.flagError ?? null} />;
}

/** SPEC §8: 'Failed to load order details.' when reading the order failed for another reason. */
export function ErrorBoundary() {
  return <OrderFetchFailure message={orderFetchMessages.failed} />;
}
