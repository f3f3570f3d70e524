import { CircleAlert, CreditCard, Lock, Smartphone } from "lucide-react";
import { type ReactNode, type Ref } from "react";
import { Link } from "~/components/link";
import type { OrderConfirmation } from "~/features/orders/index.server";
import { platformLabel } from "~/features/orders";
import { cn } from "~/lib/cn";
import { formatMoney, toMinorUnits } from "~/lib/money";
import type { PaymentNotice } from "~/features/payments";
import type { CardMode, PaymentMethod } from "./payment-form";
import { checkoutHref } from "./payment-fields";

/* The payment step's summary of the order, its notice box and the Card / Mobile Money tabs. */


export function PaymentOrderSummary({ order, total, cardMode, method }: { order: OrderConfirmation; total: string; cardMode: CardMode; method: PaymentMethod }) {
  return (
    <section aria-labelledby="payment-summary-heading" className="h-fit rounded-2xl border bg-card p-6 shadow-sm lg:sticky lg:top-24">
      <h2 id="payment-summary-heading" className="text-lg font-bold">
        Order summary
      </h2>
      <dl className="mt-4 grid gap-2 text-sm">
        <SummaryRow label="Order">#{order.id}</SummaryRow>
        <SummaryRow label="Package">{order.package.name}</SummaryRow>
        <SummaryRow label="Platform">{platformLabel(order.package.platform)}</SummaryRow>
        <SummaryRow label="Target account">{order.username}</SummaryRow>
        <SummaryRow label="Package price">{formatMoney(toMinorUnits(order.price), order.currency)}</SummaryRow>
        <SummaryRow label="Processing fee (1.7%)">{formatMoney(toMinorUnits(order.fee), order.currency)}</SummaryRow>
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t pt-3">
          <dt className="font-semibold">Total</dt>
          <dd className="text-2xl font-extrabold">{total}</dd>
        </div>
      </dl>
      <p className="mt-4 flex gap-2 text-xs text-muted-foreground">
        <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        {paymentPrivacyNote(method, cardMode)}
      </p>
    </section>
  );
}

/**
 * What happens to the payer's details with the method of the open tab, as it really does: the card
 * typed on Paystack's page (hosted) or on ours and through our server (direct); a mobile-money
 * payment approved on the phone.
 */
export function paymentPrivacyNote(method: PaymentMethod, cardMode: CardMode): string {
  if (method === "mobile") {
    return "You approve the payment on your phone with your mobile money PIN, which we never see: Paystack gets only your number and network, and the code Telecel Cash sends, when it asks for one.";
  }
  return cardMode === "hosted"
    ? "We never see or keep your card number: you enter it on Paystack's secure page."
    : "Your card number passes through our server straight to Paystack; we never store or log it.";
}

export function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

export function NoticeBox({ notice, ref }: { notice: PaymentNotice; ref?: Ref<HTMLDivElement> }) {
  const isDestructive = notice.variant === "destructive";
  return (
    <div
      ref={ref}
      role={isDestructive ? "alert" : "status"}
      className={cn(
        "mt-4 flex scroll-mt-24 gap-3 rounded-lg border px-4 py-3 text-sm",
        isDestructive ? "border-destructive/40 bg-destructive/10" : "border-primary/30 bg-primary/5",
      )}
    >
      <CircleAlert className={cn("mt-0.5 size-5 shrink-0", isDestructive ? "text-destructive" : "text-primary")} aria-hidden="true" />
      <div>
        <p className={cn("font-semibold", isDestructive && "text-destructive")}>{notice.title}</p>
        <p className="mt-1">{notice.description}</p>
      </div>
    </div>
  );
}

/**
 * SPEC §2's tabs, as links: each method is an address, so they work without JavaScript. Mobile
 * Money first and chosen by default (`/checkout?orderId=`): most buyers in Ghana pay with it; the
 * card is `&method=card`.
 */
export function MethodTabs({ orderId, method, isDisabled }: { orderId: number; method: PaymentMethod; isDisabled: boolean }) {
  const tabs = [
    { id: "mobile", label: "Mobile Money", icon: Smartphone, href: checkoutHref(orderId) },
    { id: "card", label: "Card Payment", icon: CreditCard, href: checkoutHref(orderId, { method: "card" }) },
  ] as const;
  return (
    <nav aria-label="Payment method" className="mt-6 grid grid-cols-2 gap-1 rounded-xl border bg-muted p-1">
      {tabs.map(({ id, label, icon: Icon, href }) => {
        const isSelected = id === method;
        return (
          <Link
            key={id}
            to={href}
            replace
            preventScrollReset
            aria-current={isSelected ? "page" : undefined}
            aria-disabled={isDisabled || undefined}
            onClick={(event) => {
              if (isDisabled) event.preventDefault();
            }}
            className={cn(
              "flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold transition-colors focus-ring",
              isSelected ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
