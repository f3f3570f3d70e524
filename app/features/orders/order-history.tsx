import { ShoppingBag } from "lucide-react";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { OrderList } from "./order-list";
import type { OrderHistoryPage } from "./orders.server";

/** /orders: every order of the client, newest first, a page at a time (plain links, so no JavaScript is needed). */
export function OrderHistory({ history }: { history: OrderHistoryPage }) {
  const { orders, page, pageCount, total } = history;
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Your orders</h1>
        <p className="mt-2 text-muted-foreground">Every order you have placed, newest first. Open one for its progress, receipt and help.</p>
      </header>

      {total === 0 ? (
        <section className="rounded-xl border bg-card p-8 text-center">
          <p className="text-lg font-semibold">You have not placed an order yet.</p>
          <p className="mt-1 text-muted-foreground">Pick a package to start growing an account.</p>
          <Link to="/packages" className={buttonVariants({ variant: "brand", className: "mt-5" })}>
            <ShoppingBag aria-hidden="true" />
            Browse packages
          </Link>
        </section>
      ) : (
        <section className="rounded-xl border bg-card px-6 py-2">
          <OrderList orders={orders} label={`Orders, page ${page} of ${pageCount}`} />
        </section>
      )}

      {pageCount > 1 ? <OrderPages page={page} pageCount={pageCount} total={total} /> : null}
    </div>
  );
}

const pageHref = (page: number) => (page === 1 ? "/orders" : `/orders?page=${page}`);

function OrderPages({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  return (
    <nav aria-label="Order pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        Page {page} of {pageCount} · {total} orders
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={pageHref(page - 1)} rel="prev" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={pageHref(page + 1)} rel="next" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
