import { requirePageUser } from "~/features/auth/authenticate.server";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { OrderHistory } from "~/features/orders/order-history";

import { orderHistoryQuerySchema } from "~/features/orders/order-schema";
import { listOrderHistoryFor } from "~/features/orders/orders.server";
import type { Route } from "./+types/orders";

/* /orders: the signed-in client's whole order history, 20 a page (`?page=`). */

export function meta() {
  return [{ title: "Your orders | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requirePageUser(request, url);
  // Workers place no orders; admins see everyone's in the admin console.
  if (user.role !== "client") return { history: null, isAdmin: user.role === "admin" };
  const { page } = orderHistoryQuerySchema.parse({ page: url.searchParams.get("page") ?? undefined });
  return { history: await listOrderHistoryFor(user, page), isAdmin: false };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { history, isAdmin } = loaderData;
  if (history) return <OrderHistory history={history} />;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight">Your orders</h1>
      <p className="mt-2 text-muted-foreground">Order history is for client accounts.{isAdmin ? " Every client's orders are in the admin console." : ""}</p>
      <Link to={isAdmin ? "/admin/orders" : "/dashboard"} className={buttonVariants({ className: "mt-6" })}>
        {isAdmin ? "All orders (admin)" : "Go to your dashboard"}
      </Link>
    </div>
  );
}
