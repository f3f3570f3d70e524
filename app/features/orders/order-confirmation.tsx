import { Ban, CircleAlert, CircleCheck, ClipboardList, Clock, LayoutDashboard, Mail, MessageCircle, PackageSearch, Phone, Printer, ShoppingBag, Truck, Undo2, UsersRound } from "lucide-react";
import type { ComponentType, ReactNode, SVGProps } from "react";
import { FormRefusal } from "~/components/form-outcome";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";
import { type SupportChannel, supportChannelLinks, useSupportContacts } from "~/features/support";
import { cn } from "~/lib/cn";
import { formatMoney, toMinorUnits } from "~/lib/money";
import { type DripFeedStop, OrderCancelForm } from "./order-cancel-form";
import { type PaymentState, paymentStateOf, platformLabel } from "./order-display";
import { OrderReceipt } from "./order-receipt";
import type { OrderConfirmation } from "./orders.server";

/** SPEC §8 "Order fetch": not found / not yours (non-OK), and any other failure. */
export const orderFetchMessages = {
  notOk: "Could not fetch order details.",
  failed: "Failed to load order details.",
} as const;

export interface OrderConfirmationPageProps {
  order: OrderConfirmation;
  reference: string;
  orderDate: string;
  deliveryTime: string;
  /** The cancellation the order service would accept now, or null. */
  cancellation: { refundsPayment: boolean; until: string | null; toBalance?: string; dripFeed?: DripFeedStop } | null;
  /** The page was opened as the question "Cancel this order?" (without JavaScript). */
  isAskingToCancel: boolean;
  /** When an unpaid order expires or expired (formatted by the server), and the way to a new checkout. */
  expiry: OrderExpiryView;
  /** This page's public address, for the support links. */
  pageUrl: string;
  /** Why the last cancellation was refused (the service's message). */
  cancelError: string | null;
}

/** Decision 0020: an unpaid order expires after `period`; the client then starts a new checkout. */
export interface OrderExpiryView {
  expiresAt: string | null;
  expiredAt: string | null;
  /** "24 hours". */
  period: string;
  newCheckoutHref: string;
}

/**
 * SPEC §2 "/order-success": 'Order Confirmed!', the payment's real state (never 'Payment
 * Successful!' for an order that is not paid), the order's details, 'What's Next', actions and
 * help with the order reference.
 */
export function OrderConfirmationPage({ order, reference, orderDate, deliveryTime, cancellation, isAskingToCancel, expiry, pageUrl, cancelError }: OrderConfirmationPageProps) {
  const payment = paymentStateOf(order);
  const isCancelled = order.status === "cancelled";
  const isExpired = isCancelled && order.expiredAt !== null;
  const amount = formatMoney(toMinorUnits(order.amount), order.currency);
  const platform = platformLabel(order.package.platform);

  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-12 sm:py-16 print:block print:max-w-none print:p-0">
      <header className="text-center print:hidden">
        <span
          className={cn(
            "mx-auto flex size-16 items-center justify-center rounded-full",
            isCancelled ? "bg-muted text-muted-foreground" : "bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300",
          )}
        >
          {isCancelled ? <Ban className="size-8" aria-hidden="true" /> : <CircleCheck className="size-8" aria-hidden="true" />}
        </span>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{isExpired ? "Order Expired" : isCancelled ? "Order Cancelled" : "Order Confirmed!"}</h1>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          {isExpired
            ? `Your order for ${order.package.name} on ${platform} for ${order.username} expired because it was not paid in time.`
            : isCancelled
              ? `Your order for ${order.package.name} on ${platform} for ${order.username} has been cancelled.`
              : `Thank you! We have your order for ${order.package.name} on ${platform} for ${order.username}.`}
        </p>
      </header>

      <PaymentBanner state={payment} orderId={order.id} amount={amount} expiry={expiry} />

      {cancelError ? <CancelRefusal message={cancelError} /> : null}

      <OrderReceipt order={order} reference={reference} orderDate={orderDate} />

      {isCancelled ? null : <WhatsNext deliveryTime={deliveryTime} username={order.username} isPaid={payment === "paid"} />}

      <OrderActions orderHref={`/orders/${order.id}`} />

      {cancellation ? (
        <OrderCancelForm pageHref={`/order-success?orderId=${order.id}`} isAsking={isAskingToCancel} amount={amount} {...cancellation} />
      ) : null}

      <OrderHelp reference={reference} pageUrl={pageUrl} packageName={order.package.name} platform={platform} amount={amount} />
    </div>
  );
}

const bannerTones = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-50",
  waiting: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-50",
  neutral: "border-border bg-muted text-foreground",
} as const;

/** Why the last "Cancel order" was refused (the order service's words). */
export function CancelRefusal({ message }: { message: string }) {
  return <FormRefusal title="The order could not be cancelled" message={message} className="print:hidden" />;
}

/**
 * The payment's state, as it is: the 'Payment Successful!' banner only for a paid order. An unpaid
 * order says when it expires; an expired one says so, and leads to a new checkout.
 */
export function PaymentBanner({ state, orderId, amount, expiry }: { state: PaymentState; orderId: number; amount: string; expiry: OrderExpiryView }) {
  const ended = expiry.expiredAt ? "Order expired" : "Order cancelled";
  const newCheckout = (
    <Link to={expiry.newCheckoutHref} className={buttonVariants({ size: "sm", className: "mt-3" })}>
      <ShoppingBag aria-hidden="true" />
      Start a new checkout
    </Link>
  );
  const banners: Record<PaymentState, { tone: keyof typeof bannerTones; icon: ComponentType<SVGProps<SVGSVGElement>>; title: string; body: ReactNode }> = {
    paid: {
      tone: "success",
      icon: CircleCheck,
      title: "Payment Successful!",
      body: `We received your payment of ${amount}.`,
    },
    awaiting_payment: {
      tone: "waiting",
      icon: Clock,
      title: "Awaiting payment",
      body: (
        <>
          <p>We have saved your order, but we have not received a payment of {amount} for it yet. Work starts as soon as it is paid.</p>
          {expiry.expiresAt ? (
            <p className="mt-1">
              Unpaid orders expire after {expiry.period}: please pay by <strong>{expiry.expiresAt}</strong>. After that you can start a new checkout.
            </p>
          ) : null}
          <Link
            to={`/checkout?orderId=${orderId}`}
            className={buttonVariants({ size: "sm", className: "mt-3" })}
          >
            Complete payment
          </Link>
        </>
      ),
    },
    not_charged: {
      tone: "neutral",
      icon: Ban,
      title: "Order cancelled",
      body: "This order was cancelled before it was paid. Nothing was charged.",
    },
    expired: {
      tone: "neutral",
      icon: Clock,
      title: "Order expired",
      body: (
        <>
          <p>
            This order was not paid within {expiry.period}, so it expired{expiry.expiredAt ? ` on ${expiry.expiredAt}` : ""} and can no longer be paid. Nothing was
            charged. To get this package, start a new checkout.
          </p>
          {newCheckout}
        </>
      ),
    },
    refund_requested: {
      tone: "neutral",
      icon: Undo2,
      title: `${ended} · Refund requested`,
      body: expiry.expiredAt
        ? `Your payment of ${amount} arrived after this order had expired, so it goes back in full to the card or mobile money wallet you paid with; how soon it shows depends on your bank or provider.`
        : `Your refund has been requested. The full ${amount} goes back to the card or mobile money wallet you paid with; how soon it shows depends on your bank or provider.`,
    },
    refunded: {
      tone: "neutral",
      icon: Undo2,
      title: expiry.expiredAt ? "Order expired · Refunded" : "Refunded",
      body: expiry.expiredAt
        ? `Your payment of ${amount} arrived after this order had expired, so it went back to the card or mobile money wallet you paid with.`
        : `This order was refunded: ${amount} went back to the card or mobile money wallet you paid with.`,
    },
  };
  const banner = banners[state];
  const Icon = banner.icon;

  return (
    <div role="status" className={cn("flex gap-3 rounded-xl border px-5 py-4 print:hidden", bannerTones[banner.tone])}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 text-sm">
        <p className="text-base font-bold">{banner.title}</p>
        <div className="mt-1">{banner.body}</div>
      </div>
    </div>
  );
}

function WhatsNext({ deliveryTime, username, isPaid }: { deliveryTime: string; username: string; isPaid: boolean }) {
  const steps = [
    {
      icon: ClipboardList,
      title: "Order Processing",
      text: isPaid ? "We check your order and the account you gave us." : "Once your payment is in, we check your order and the account you gave us.",
    },
    { icon: UsersRound, title: "Task Assignment", text: `Real people in our worker network get tasks for ${username}.` },
    {
      icon: Truck,
      title: `Delivery within ${deliveryTime.toLowerCase()}`,
      text: "Gradually, so your growth looks natural. Follow the progress on the order's page or your dashboard.",
    },
  ];
  return (
    <section aria-labelledby="whats-next-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8 print:hidden">
      <h2 id="whats-next-heading" className="text-xl font-bold tracking-tight">
        What's Next
      </h2>
      <ol className="mt-6 grid gap-6 sm:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex gap-3 sm:flex-col">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** View Dashboard, Order More Packages, Print Receipt (with JavaScript; without it, a hint), and the order's own page when given. */
export function OrderActions({ orderHref }: { orderHref?: string }) {
  return (
    <div className="print:hidden">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Link to="/dashboard" className={buttonVariants({ variant: "brand", size: "lg" })}>
          <LayoutDashboard aria-hidden="true" />
          View Dashboard
        </Link>
        {orderHref ? (
          <Link to={orderHref} className={buttonVariants({ variant: "outline", size: "lg" })}>
            <PackageSearch aria-hidden="true" />
            Track this order
          </Link>
        ) : null}
        <Link to="/packages" className={buttonVariants({ variant: "outline", size: "lg" })}>
          <ShoppingBag aria-hidden="true" />
          Order More Packages
        </Link>
        <Button variant="outline" size="lg" className="js-only" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print Receipt
        </Button>
      </div>
      <p className="no-js-only mt-3 text-sm text-muted-foreground">
        To print a receipt, use your browser's Print command (Ctrl+P, or ⌘P on a Mac): the printout shows just the order details.
      </p>
    </div>
  );
}

interface OrderHelpProps {
  reference: string;
  pageUrl: string;
  packageName: string;
  platform: string;
  amount: string;
}

const helpChannels: Record<SupportChannel, { name: string; icon: ComponentType<SVGProps<SVGSVGElement>>; isExternal?: boolean }> = {
  email: { name: "Email", icon: Mail },
  whatsapp: { name: "WhatsApp", icon: MessageCircle, isExternal: true },
  phone: { name: "Call", icon: Phone },
};

/** Help with this order (SPEC §1: contact links prefilled with package, platform, amount and page; only the configured channels, and the form). */
export function OrderHelp({ reference, pageUrl, packageName, platform, amount }: OrderHelpProps) {
  const methods = supportChannelLinks({ pageUrl, packageName, platform, amount }, useSupportContacts()).map((link) => ({ ...link, ...helpChannels[link.channel] }));
  return (
    <section aria-labelledby="order-help-heading" className="rounded-2xl border bg-muted/40 p-6 sm:p-8 print:hidden">
      <h2 id="order-help-heading" className="text-xl font-bold tracking-tight">
        Need help with this order?
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Write to us any time, day or night, and quote your order reference so we can find your order at once:
      </p>
      <p className="mt-3 font-mono text-lg font-bold">{reference}</p>
      {methods.length > 0 ? (
        <ul className="mt-5 grid gap-3 sm:auto-cols-fr sm:grid-flow-col">
          {methods.map(({ name, href, value, icon: Icon, isExternal }) => (
            <li key={name}>
              <a
                href={href}
                {...(isExternal ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className="flex h-full items-center gap-3 rounded-lg border bg-background p-3 transition-colors hover:border-primary/50 hover:bg-accent focus-ring"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="grid min-w-0">
                  <span className="text-sm font-semibold">
                    {name}
                    {isExternal ? <span className="sr-only"> (opens in a new tab)</span> : null}
                  </span>
                  <span className="break-all text-xs text-muted-foreground">{value}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-4 text-sm text-muted-foreground">
        {methods.length > 0 ? "Or write to us through the" : "Write to us through the"}{" "}
        <Link
          to={`/support?${new URLSearchParams({ reference, package: packageName, platform, amount })}`}
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          support form
        </Link>
        .
      </p>
    </section>
  );
}

/** The order could not be shown: SPEC §8's message, and ways on. */
export function OrderFetchFailure({ message }: { message: string }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CircleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">Order not available</h1>
      <p role="alert" className="text-lg">
        {message}
      </p>
      <p className="text-sm text-muted-foreground">Check the link, or find your orders on your dashboard. If you need help, contact support.</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to="/dashboard" className={buttonVariants()}>
          View Dashboard
        </Link>
        <Link to="/support" className={buttonVariants({ variant: "outline" })}>
          Contact support
        </Link>
      </div>
    </div>
  );
}
