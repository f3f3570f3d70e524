import { CircleCheck, Clock, LayoutDashboard, ShoppingBag } from "lucide-react";
import { useEffect } from "react";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { clearStoredDraft } from "~/features/checkout";
import { orderReference, platformLabel } from "~/features/orders";
import type { OrderConfirmation } from "~/features/orders/index.server";
import { formatMoney, toMinorUnits } from "~/lib/money";

/**
 * SPEC §2's success step: 'Order Successful!', the package and the target, when results come, and
 * View Dashboard / Order More. It is `/checkout?orderId=` of a paid order, so a reload shows it again.
 * Reaching it clears the browser's checkout draft (the server's is cleared by the loader).
 */
export function PaymentSuccess({ order, deliveryTime }: { order: OrderConfirmation; deliveryTime: string }) {
  useEffect(() => {
    clearStoredDraft();
  }, []);

  return (
    <section aria-labelledby="success-heading" className="mx-auto max-w-xl rounded-2xl border bg-card p-8 text-center shadow-sm">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
        <CircleCheck className="size-8" aria-hidden="true" />
      </span>
      <h2 id="success-heading" className="mt-4 text-3xl font-extrabold tracking-tight">
        Order Successful!
      </h2>
      <p className="mt-3 text-muted-foreground">
        Your payment of {formatMoney(toMinorUnits(order.amount), order.currency)} is confirmed. We are growing{" "}
        <strong className="text-foreground">{order.username}</strong> on {platformLabel(order.package.platform)} with{" "}
        <strong className="text-foreground">{order.package.name}</strong>.
      </p>
      <p className="mt-3 text-sm text-muted-foreground">
        Order reference <span className="font-mono font-bold text-foreground">{orderReference(order.id, order.createdAt)}</span>
      </p>
      <p className="mx-auto mt-4 flex w-fit items-center gap-2 rounded-full bg-primary/10 px-4 py-2 text-sm font-medium text-primary">
        <Clock className="size-4" aria-hidden="true" />
        You&apos;ll see results within {deliveryTime.toLowerCase()}.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/dashboard" className={buttonVariants({ variant: "brand", size: "lg" })}>
          <LayoutDashboard aria-hidden="true" />
          View Dashboard
        </Link>
        <Link to="/packages" className={buttonVariants({ variant: "outline", size: "lg" })}>
          <ShoppingBag aria-hidden="true" />
          Order More
        </Link>
      </div>
      <p className="mt-6 text-sm">
        <Link to={`/orders/${order.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
          See the order&apos;s details and receipt
        </Link>
      </p>
    </section>
  );
}
