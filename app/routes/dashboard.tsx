import { data, redirect, useLoaderData } from "react-router";
import { Link } from "~/components/link";
import { AdminOverview } from "~/features/admin/admin-overview";
import { loadAdminOverview } from "~/features/admin/admin-overview.server";
import type { PublicUser } from "~/features/auth/accounts.server";
import { requirePageUser } from "~/features/auth/authenticate.server";
import { EmailVerificationNotice, verificationOutcomeOf } from "~/features/auth/email-verification-notice";
import { completeTaskFromForm, loadWorkerDashboard, reserveCommentFromForm, sendEvidenceFromForm } from "~/features/fulfilment/worker-dashboard.server";
import type { EvidenceOutcome } from "~/features/deliveries/worker-flags";
import { type TaskFailure, WorkerOverview } from "~/features/fulfilment/worker-overview";
import { ClientOverview } from "~/features/orders/client-overview";
import { clientStats, listOrdersFor } from "~/features/orders/orders.server";
import { walletBalanceOf } from "~/features/wallet/wallet.server";
import { formatMoney } from "~/lib/money";
import type { Route } from "./+types/dashboard";
import { readFormData } from "~/lib/request-body.server";

export function meta() {
  return [{ title: "Dashboard | Social Media Boost" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requirePageUser(request, url);
  const client =
    user.role === "client" ? { stats: await clientStats(user), latestOrders: await listOrdersFor(user, { limit: 5 }), walletBalance: formatMoney(await walletBalanceOf(user)) } : null;
  const worker = user.role === "worker" ? await loadWorkerDashboard(user, { completedId: completedIdOf(url) }) : null;
  const admin = user.role === "admin" ? await loadAdminOverview(user, url) : null;
  return {
    user,
    client,
    worker,
    admin,
    verification: verificationOutcomeOf(url),
    passwordReset: url.searchParams.has("passwordReset"),
    evidenceSent: url.searchParams.get("evidence") === "sent" ? ({ sent: true } satisfies EvidenceOutcome) : null,
  };
}

/** `?completed=<completion id>`: the outcome of a no-JavaScript Complete (PRG), shown once it is found. */
function completedIdOf(url: URL): number | undefined {
  const value = Number(url.searchParams.get("completed"));
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** The worker's Complete form without JavaScript (intent=complete, taskId; with it the page calls the API), and the comment card's "Get my comment" (intent=comment). */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requirePageUser(request, url);
  const form = await readFormData(request);
  if (form.get("intent") === "evidence") {
    if (user.role !== "worker") return data({ evidenceOutcome: { error: "Only workers answer flags." } satisfies EvidenceOutcome }, { status: 403 });
    const sent = await sendEvidenceFromForm(user, form);
    if (sent.ok) throw redirect("/dashboard?evidence=sent#flags", 303);
    return data({ evidenceOutcome: { error: sent.message } satisfies EvidenceOutcome }, { status: sent.status });
  }
  if (form.get("intent") === "comment") {
    if (user.role !== "worker") return data({ taskFailure: { taskId: null, message: "Only workers can do tasks." } satisfies TaskFailure }, { status: 403 });
    const reserved = await reserveCommentFromForm(user, form);
    if (reserved.ok) throw redirect(`/dashboard#task-${reserved.taskId}`, 303);
    return data({ taskFailure: { taskId: reserved.taskId, message: reserved.message } satisfies TaskFailure }, { status: reserved.status });
  }
  if (form.get("intent") !== "complete") return data({ taskFailure: { taskId: null, message: "Unknown action." } satisfies TaskFailure }, { status: 400 });
  if (user.role !== "worker") return data({ taskFailure: { taskId: null, message: "Only workers can do tasks." } satisfies TaskFailure }, { status: 403 });
  const result = await completeTaskFromForm(user, form);
  if (result.ok) throw redirect(`/dashboard?completed=${result.completionId}`, 303);
  return data({ taskFailure: { taskId: result.taskId, message: result.message } satisfies TaskFailure }, { status: result.status });
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">{roleLabel(user.role)} dashboard</p>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Welcome, {user.fullName}</h1>
        <Link to="/profile" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
          Account settings
        </Link>
      </div>
      {loaderData.passwordReset ? (
        <p role="status" className="mt-6 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-medium">
          Your new password is saved. Every other device was signed out, and any API keys of the account were revoked.
        </p>
      ) : null}
      {!user.emailVerified && user.role !== "admin" ? (
        <div className="mt-6">
          <EmailVerificationNotice
            email={user.email}
            isChange={false}
            returnTo="/dashboard"
            outcome={loaderData.verification}
            note={user.role === "worker" ? "Withdrawals open once it is confirmed." : undefined}
          />
        </div>
      ) : null}
      <div className="mt-8">
        <RoleView
          user={user}
          client={loaderData.client}
          worker={loaderData.worker}
          taskFailure={actionData && "taskFailure" in actionData ? actionData.taskFailure : null}
          evidenceOutcome={(actionData && "evidenceOutcome" in actionData ? actionData.evidenceOutcome : null) ?? loaderData.evidenceSent}
        />
      </div>
    </div>
  );
}

function roleLabel(role: string) {
  return { client: "Client", worker: "Worker", admin: "Admin" }[role] ?? "Your";
}

/** Picks the view by role (SPEC §2 "/dashboard"); each view's contents arrive with its feature. */
function RoleView({
  user,
  client,
  worker,
  taskFailure,
  evidenceOutcome,
}: {
  user: PublicUser;
  client: Route.ComponentProps["loaderData"]["client"];
  worker: Route.ComponentProps["loaderData"]["worker"];
  taskFailure: TaskFailure | null;
  evidenceOutcome: EvidenceOutcome | null;
}) {
  switch (user.role) {
    case "client":
      return client ? <ClientOverview stats={client.stats} latestOrders={client.latestOrders} walletBalance={client.walletBalance} /> : null;
    case "worker":
      return worker ? <WorkerOverview dashboard={worker} taskFailure={taskFailure} evidenceOutcome={evidenceOutcome} /> : null;
    case "admin":
      return <AdminDashboard />;
    default:
      return <p role="alert">Unknown user role</p>;
  }
}

/** The admin's view: the stats of `?period=` (links switch it), measured, never fixed text (DESIGN §6). */
function AdminDashboard() {
  const { admin } = useLoaderData<typeof loader>();
  return admin ? <AdminOverview stats={admin} /> : null;
}
