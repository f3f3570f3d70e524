import { ArrowLeft, CircleCheck, ShieldCheck } from "lucide-react";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { formatMoney, toMinorUnits } from "~/lib/money";
import { OrderCancelForm } from "./order-cancel-form";
import { CancelRefusal, OrderActions, type OrderConfirmationPageProps, OrderHelp, PaymentBanner } from "./order-confirmation";
import { deliveryProgress, orderStatusLabel, paymentStateOf, platformLabel } from "./order-display";
import { OrderReceipt } from "./order-receipt";
import type { OrderConfirmation } from "./orders.server";
import { RefillPanel } from "~/features/refills";
import type { RefillPanel as RefillPanelData } from "~/features/refills/index.server";
import type { DripFeedView } from "~/features/drip-feed/index.server";
import { DeliveriesPanel, type DeliveriesPanelData } from "~/features/deliveries";

/** The order-success page's data, plus what only the order page shows. */
export interface OrderPageProps extends OrderConfirmationPageProps {
  /** The page was reached right after a successful "Cancel order". */
  isJustCancelled: boolean;
  /** An admin reads the page: where the admin console has this order. */
  adminHref: string | null;
  /** The refill panel of a delivered order (null: nothing to refill). */
  refill: RefillPanelData | null;
  /** The page was reached right after a successful "Request a refill". */
  isJustRefilled: boolean;
  refillError: string | null;
  /** Who delivered, and the client's flags (issue #48); null before the order is paid. */
  deliveries: DeliveriesPanelData | null;
  flagError: string | null;
  /** A drip-feed order's runs (issue #21), times and amounts formatted by the server; null for one delivered at once. */
  dripFeed: DripFeedPageView | null;
}

/** The drip-feed service's view with the times and the refund formatted for the page. */
export type DripFeedPageView = Omit<DripFeedView, "refundedMinor"> & { refunded: string | null };

/**
 * /orders/:id: one order for the client who placed it (or an admin), to come back to at any time:
 * its reference, where payment and delivery stand, the receipt, the cancellation while it is open,
 * and help that already knows the reference.
 */
export function OrderPage({ order, reference, orderDate, deliveryTime, cancellation, isAskingToCancel, expiry, pageUrl, isJustCancelled, cancelError, adminHref, refill, isJustRefilled, refillError, dripFeed, deliveries, flagError }: OrderPageProps) {
  const amount = formatMoney(toMinorUnits(order.amount), order.currency);
  const platform = platformLabel(order.package.platform);

  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:py-14 print:block print:max-w-none print:p-0">
      <nav aria-label="Order navigation" className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={adminHref ? "/admin/orders" : "/orders"} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden="true" />
          All orders
        </Link>
        {adminHref ? (
          <Link to={adminHref} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <ShieldCheck aria-hidden="true" />
            Open in the admin console
          </Link>
        ) : null}
      </nav>

      <header className="print:hidden">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Order</p>
        <h1 className="mt-1 font-mono text-3xl font-extrabold tracking-tight sm:text-4xl">{reference}</h1>
        <p className="mt-3 text-muted-foreground">
          {order.package.name} on {platform} for {order.username}
        </p>
      </header>

      {isJustCancelled ? (
        <p role="status" className="flex items-center gap-2 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-semibold print:hidden">
          <CircleCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {order.status === "partial" ? "The remaining runs of your order have been stopped." : "Your order has been cancelled."}
        </p>
      ) : null}
      {cancelError ? <CancelRefusal message={cancelError} /> : null}

      <PaymentBanner state={paymentStateOf(order)} orderId={order.id} amount={amount} expiry={expiry} />

      <DeliveryProgress order={order} deliveryTime={deliveryTime} dripFeed={dripFeed} />

      {deliveries ? <DeliveriesPanel orderId={order.id} panel={deliveries} flagError={flagError} refillError={refillError} isRefillOffered={refill?.offer.state === "available" && adminHref === null} /> : null}

      {refill ? <RefillPanel refill={refill} isJustRequested={isJustRefilled} /> : null}

      <OrderReceipt order={order} reference={reference} orderDate={orderDate} />

      <OrderActions />

      {cancellation ? (
        <OrderCancelForm pageHref={`/orders/${order.id}`} isAsking={isAskingToCancel} amount={amount} {...cancellation} />
      ) : null}

      <OrderHelp reference={reference} pageUrl={pageUrl} packageName={order.package.name} platform={platform} amount={amount} />
    </div>
  );
}

/** Where delivery stands: the order's status and how much of its quantity has arrived. */
function DeliveryProgress({ order, deliveryTime, dripFeed }: { order: OrderConfirmation; deliveryTime: string; dripFeed: DripFeedPageView | null }) {
  const progress = deliveryProgress(order);
  const isUnderway = order.status === "pending" || order.status === "processing";
  return (
    <section aria-labelledby="delivery-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8 print:hidden">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="delivery-heading" className="text-xl font-bold tracking-tight">
          Delivery
        </h2>
        <p className="text-sm">
          Status{" "}
          <span className="rounded-full bg-muted px-2.5 py-0.5 font-semibold">
            {order.status === "completed" ? "✓ " : ""}
            {orderStatusLabel(order.status, order.expiredAt)}
          </span>
        </p>
      </div>
      <div className="mt-5 flex items-center gap-3">
        <progress value={progress} max={100} aria-label="Delivery progress" className="progress-bar h-2.5 w-full" />
        <span className="shrink-0 text-sm font-semibold tabular-nums">{progress}%</span>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        {order.deliveredQuantity.toLocaleString("en-GB")} of {order.quantity.toLocaleString("en-GB")} delivered
        {isUnderway && !dripFeed ? ` · delivery within ${deliveryTime.toLowerCase()} of payment, gradually` : ""}
      </p>
      {dripFeed ? <DripFeedRuns dripFeed={dripFeed} /> : null}
    </section>
  );
}

/** A drip-feed order's runs: how many are delivered and open, when the next opens, what a stop refunded. */
function DripFeedRuns({ dripFeed }: { dripFeed: DripFeedPageView }) {
  const every = dripFeed.intervalMinutes === 1 ? "minute" : `${dripFeed.intervalMinutes.toLocaleString("en-GB")} minutes`;
  return (
    <div className="mt-4 rounded-xl bg-muted/50 px-4 py-3 text-sm" data-testid="drip-feed-runs">
      <p className="font-semibold">
        Run {dripFeed.runsDelivered} of {dripFeed.runs} delivered
        {dripFeed.nextRunAt ? `, next run at ${dripFeed.nextRunAt}` : ""}
      </p>
      <p className="mt-1 text-muted-foreground">
        Delivered gradually: {dripFeed.runs} runs, one every {every}; {dripFeed.runsOpened} of {dripFeed.runs} open to workers.
        {dripFeed.refundedQuantity !== null && dripFeed.refunded !== null
          ? ` Stopped: the ${dripFeed.refundedQuantity.toLocaleString("en-GB")} not delivered, ${dripFeed.refunded}, went back to your balance.`
          : ""}
      </p>
    </div>
  );
}
