import { Link } from "~/components/link";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { formatAdminDateTime, money, orderPaymentLabels, orderStatusLabels, platformLabel, platformList, roleLabels, userStatusLabels } from "~/features/admin/admin-display";
import { adminLoad, runAdminAction } from "~/features/admin/admin-form.server";
import { parseRecordId } from "~/lib/record-id";
import { AuditHistory } from "~/features/admin/audit-history";
import { ActionButton, AdminCard, AdminPageHeader, Badge, ConfirmAction, Fact, FailureBanner, NoticeBanner } from "~/features/admin/admin-ui";
import { userIntents } from "~/features/admin/page-actions.server";
import { getUserDetail } from "~/features/admin/users.server";
import type { Route } from "./+types/admin.users.$id";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.user.username ?? "User"} | Admin | Social Media Boost` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  return { adminId: admin.id, user: await adminLoad(getUserDetail(admin, parseRecordId(params.id))) };
}

export async function action({ request, url }: Route.ActionArgs) {
  return runAdminAction(request, url, userIntents);
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, adminId } = loaderData;
  const isWorker = user.role === "worker";
  return (
    <div className="grid gap-6">
      <AdminPageHeader title={user.username} description={`${user.fullName} · ${user.email}`}>
        <Link to="/admin/users" className="text-sm font-medium text-primary underline underline-offset-4 hover:decoration-2">
          All users
        </Link>
      </AdminPageHeader>
      <NoticeBanner />
      <FailureBanner failure={actionData?.failure} />

      <AdminCard labelledBy="account-heading">
        <h2 id="account-heading" className="text-lg font-bold">
          Account
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Fact label="Id">#{user.id}</Fact>
          <Fact label="Role">
            <Badge value={user.role} labels={roleLabels} />
          </Fact>
          <Fact label="Status">
            <Badge value={user.status} labels={userStatusLabels} />
          </Fact>
          <Fact label="Joined">{formatAdminDateTime(user.createdAt)}</Fact>
          <Fact label="Last sign-in">{formatAdminDateTime(user.lastLoginAt)}</Fact>
          {isWorker ? <Fact label="Platforms">{user.platforms.length > 0 ? platformList(user.platforms) : "—"}</Fact> : null}
          {user.reliability ? (
            <Fact label="Reliability (90 days)">
              {user.reliability.percent === null ? "No flag decided yet" : `${user.reliability.percent} % (${user.reliability.stood} stood, ${user.reliability.dropped} dropped)`}
              {user.reliability.paused ? " · tasks paused" : ""}
            </Fact>
          ) : null}
          {isWorker ? (
            <Fact label="Linked handles">{user.handles.length > 0 ? user.handles.map((item) => `${platformLabel(item.platform)}: @${item.handle}`).join(", ") : "None yet"}</Fact>
          ) : null}
        </dl>
        {user.id === adminId ? null : (
          <div className="mt-5 flex flex-wrap items-start gap-2 border-t pt-4">
            {isWorker && (user.status === "pending_review" || user.status === "rejected") ? (
              <ActionButton intent="approve" id={user.id} variant="default" label={`Approve worker ${user.username}`}>
                Approve
              </ActionButton>
            ) : null}
            {isWorker && user.status === "pending_review" ? (
              <ConfirmAction intent="reject" id={user.id} summary="Reject…" description="Reject this worker application? They will not be offered tasks." confirmLabel="Reject application" subject={user.username} />
            ) : null}
            {user.reliability?.paused ? (
              <ActionButton intent="resume-tasks" id={user.id} variant="default" label={`Resume tasks of ${user.username}`}>
                Resume tasks
              </ActionButton>
            ) : null}
            {user.status === "suspended" ? (
              <ActionButton intent="unsuspend" id={user.id} label={`Unsuspend ${user.username}`}>
                Unsuspend
              </ActionButton>
            ) : (
              <ConfirmAction
                intent="suspend"
                id={user.id}
                summary="Suspend…"
                description="Every session of this account ends at once, and it cannot sign in until the suspension is lifted."
                confirmLabel="Suspend account"
                subject={user.username}
                reason={{ label: "Reason (kept in the audit log)" }}
              />
            )}
          </div>
        )}
      </AdminCard>

      <AdminCard labelledBy="activity-heading">
        <h2 id="activity-heading" className="text-lg font-bold">
          Activity
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-5">
          <Fact label="Orders">{user.activity.orders}</Fact>
          <Fact label="Paid orders">{user.activity.paidOrders}</Fact>
          <Fact label="Completions">{user.activity.completions}</Fact>
          <Fact label="Earnings under review">{money(user.activity.heldEarnings)}</Fact>
          <Fact label="Available balance">{money(user.activity.availableBalance)}</Fact>
          {user.role === "client" ? (
            <Fact label="Wallet">
              {money(user.activity.walletBalance)}
              {user.activity.isWalletBelowZero ? <strong className="block text-destructive">Below zero: a top-up was refunded after it was spent</strong> : null}
            </Fact>
          ) : null}
        </dl>
        {user.recentOrders.length > 0 ? (
          <>
            <h3 className="mt-6 font-semibold">Latest orders</h3>
            <ul className="mt-2 divide-y text-sm">
              {user.recentOrders.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <Link to={`/admin/orders/${order.id}`} className="font-medium text-primary underline underline-offset-4 hover:decoration-2">
                    #{order.id} {order.packageName} · {platformLabel(order.platform)}
                  </Link>
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge value={order.status} labels={orderStatusLabels} prefix="Status" />
                    <Badge value={order.paymentStatus} labels={orderPaymentLabels} prefix="Payment" />
                    {money(order.total, order.currency as "GHS" | "USD")}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </AdminCard>

      <AuditHistory entries={user.history} />
    </div>
  );
}
