import type { ReactNode } from "react";
import { useSupportContacts } from "~/features/support";
import { cn } from "~/lib/cn";
import { formatMoney, toMinorUnits } from "~/lib/money";
import { orderStatusLabel, paymentStateLabels, paymentStateOf, platformLabel } from "./order-display";
import type { OrderConfirmation } from "./orders.server";
import { ProfileLink } from "~/components/profile-link";

interface OrderReceiptProps {
  order: OrderConfirmation;
  /** SMB-{orderId}-{year}. */
  reference: string;
  /** The order date as the server formatted it. */
  orderDate: string;
  className?: string;
}

/**
 * The order's details (SPEC §2: id, package name, platform, username, amount, status, order date)
 * with its price, fee and total. On paper it is the whole page: the store's name and contact show
 * only in print, and everything around this block is hidden there (`print:hidden`). It is titled a
 * receipt only when the order is paid; otherwise it is an order summary that says it is unpaid.
 */
export function OrderReceipt({ order, reference, orderDate, className }: OrderReceiptProps) {
  const payment = paymentStateOf(order);
  const money = (amount: number) => formatMoney(toMinorUnits(amount), order.currency);
  const platform = platformLabel(order.package.platform);
  const isReceipt = payment === "paid" || payment === "refund_requested" || payment === "refunded";
  const contacts = useSupportContacts();

  return (
    <section
      aria-labelledby="order-details-heading"
      className={cn(
        "rounded-2xl border bg-card p-6 shadow-sm sm:p-8",
        "print:rounded-none print:border-0 print:bg-transparent print:p-0 print:shadow-none",
        className,
      )}
    >
      <div className="mb-8 hidden items-start justify-between gap-6 border-b-2 border-foreground pb-4 print:flex">
        <div>
          <p className="text-2xl font-extrabold tracking-tight">Social Media Boost</p>
          {contacts.email ? <p className="text-sm">{contacts.email}</p> : null}
          {contacts.phone ? <p className="text-sm">{contacts.phone.display}</p> : null}
        </div>
        <div className="text-right">
          <p className="text-xl font-bold">{isReceipt ? "Receipt" : "Order summary"}</p>
          <p className="font-mono text-sm">{reference}</p>
        </div>
      </div>

      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="order-details-heading" className="text-xl font-bold tracking-tight">
          Order details
        </h2>
        <p className="text-sm text-muted-foreground print:hidden">
          Reference <span className="font-mono font-semibold text-foreground">{reference}</span>
        </p>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-4 sm:gap-x-8">
        <Detail term="Order ID" value={`#${order.id}`} />
        <Detail term="Order date" value={<time dateTime={order.createdAt}>{orderDate}</time>} />
        <Detail term="Package" value={order.package.name} />
        <Detail term="Platform" value={platform} />
        <Detail term={order.username.startsWith("@") ? "Username" : "Post"} value={<ProfileLink url={order.targetUrl} className="print:text-foreground print:no-underline">{order.username}</ProfileLink>} isBreakable />
        <Detail term="Status" value={orderStatusLabel(order.status, order.expiredAt)} />
        <Detail term="Payment" value={paymentStateLabels[payment]} />
        <Detail term="Amount" value={money(order.amount)} />
      </dl>

      <table className="mt-8 w-full text-sm">
        <caption className="sr-only">Price, fee and total</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground print:border-foreground print:text-foreground">
            <th scope="col" className="pb-2 font-medium">
              Item
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b">
            <td className="py-3">
              {order.package.name} <span className="text-muted-foreground print:text-foreground">· {platform} · {order.username}</span>
            </td>
            <td className="py-3 text-right tabular-nums">{money(order.price)}</td>
          </tr>
          <tr className="border-b">
            <td className="py-3">Processing fee (1.7%)</td>
            <td className="py-3 text-right tabular-nums">{money(order.fee)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr className="text-base font-bold">
            <th scope="row" className="pt-3 text-left">
              Total
            </th>
            <td className="pt-3 text-right tabular-nums">{money(order.amount)}</td>
          </tr>
        </tfoot>
      </table>

      <div className="mt-10 hidden border-t pt-4 text-sm print:block">
        {isReceipt ? null : <p className="mb-2 font-semibold">Not paid: this is not a receipt of payment.</p>}
        <p>
          Thank you for choosing Social Media Boost. For help with this order, quote {reference}{" "}
          {contacts.email ? `to ${contacts.email}` : "on our Support page"}.
        </p>
      </div>
    </section>
  );
}

function Detail({ term, value, isBreakable }: { term: string; value: ReactNode; isBreakable?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground print:text-foreground">{term}</dt>
      <dd className={cn("mt-0.5 font-semibold", isBreakable && "break-all")}>{value}</dd>
    </div>
  );
}
