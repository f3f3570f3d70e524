import { isRouteErrorResponse, Outlet } from "react-router";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { AdminNav } from "~/features/admin/admin-ui";
import type { Route } from "./+types/admin";

/*
 * The admin console's frame: every /admin/* page sits inside it, with the admin navigation. Each
 * page's loader checks the admin itself too (loaders run in parallel), and the services check again.
 */

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdminPage(request, url);
  return null;
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AdminLayout() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10">
      <AdminNav />
      <Outlet />
    </div>
  );
}

/** 403 for signed-in non-admins, and the message of a bad filter (400) or a missing record (404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : null;
  if (status === 403) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Admins only</h1>
        <p className="mt-3 text-muted-foreground">This area is for the people who run Social Media Boost. Your account cannot open it.</p>
        <Link to="/dashboard" className={buttonVariants({ className: "mt-6" })}>
          Go to your dashboard
        </Link>
      </div>
    );
  }
  const title = status === 404 ? "Not found" : status === 400 ? "Check the filters" : "Something went wrong";
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10">
      <AdminNav />
      <section role="alert" className="rounded-xl border bg-card p-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted-foreground">{status < 500 && message ? message : "Sorry, this page could not be shown. Please try again in a moment."}</p>
      </section>
    </div>
  );
}
