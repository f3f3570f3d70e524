import { redirect } from "react-router";
import type { PublicUser } from "~/features/auth/accounts.server";
import { findRequestUser } from "~/features/auth/authenticate.server";
import { ClientOverview } from "~/features/orders/client-overview";
import { clientStats, listOrdersFor } from "~/features/orders/orders.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard | Social Media Boost" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await findRequestUser(request);
  if (!user) throw redirect("/auth?redirectTo=/dashboard");
  const client = user.role === "client" ? { stats: await clientStats(user), latestOrders: await listOrdersFor(user, { limit: 5 }) } : null;
  return { user, client };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">{roleLabel(user.role)} dashboard</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Welcome, {user.fullName}</h1>
      <div className="mt-8">
        <RoleView user={user} client={loaderData.client} />
      </div>
    </div>
  );
}

function roleLabel(role: string) {
  return { client: "Client", worker: "Worker", admin: "Admin" }[role] ?? "Your";
}

/** Picks the view by role (SPEC §2 "/dashboard"); each view's contents arrive with its feature. */
function RoleView({ user, client }: { user: PublicUser; client: Route.ComponentProps["loaderData"]["client"] }) {
  switch (user.role) {
    case "client":
      return client ? <ClientOverview stats={client.stats} latestOrders={client.latestOrders} /> : null;
    case "worker":
      return user.status === "pending_review" ? (
        <section role="status" className="rounded-xl border border-primary/30 bg-primary/5 p-6">
          <h2 className="text-lg font-bold">Your worker account is waiting for review</h2>
          <p className="mt-2 text-muted-foreground">An admin reviews every new worker account. Tasks are offered to you once it is approved.</p>
        </section>
      ) : (
        <section className="rounded-xl border bg-card p-6">
          <h2 className="text-lg font-bold">Your account is approved</h2>
          <p className="mt-2 text-muted-foreground">Available tasks appear here.</p>
        </section>
      );
    case "admin":
      return (
        <section className="rounded-xl border bg-card p-6">
          <h2 className="text-lg font-bold">Platform overview</h2>
        </section>
      );
    default:
      return <p role="alert">Unknown user role</p>;
  }
}
