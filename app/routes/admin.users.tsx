import { Link } from "~/components/link";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { formatAdminDateTime, platformList, roleLabels, userStatusLabels } from "~/features/admin/admin-display";
import { adminLoad, parseAdminQuery, runAdminAction } from "~/features/admin/admin-form.server";
import { queryOf, userListQuerySchema, userRoles, userStatuses } from "~/features/admin/admin-schemas";
import { ActionButton, AdminPageHeader, Badge, ConfirmAction, EmptyState, FailureBanner, FilterForm, NoticeBanner, Pagination, SearchField, SelectFilter } from "~/features/admin/admin-ui";
import { userIntents } from "~/features/admin/page-actions.server";
import { listUsers } from "~/features/admin/users.server";
import type { Route } from "./+types/admin.users";

export function meta() {
  return [{ title: "Users | Admin | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  const query = parseAdminQuery(userListQuerySchema, queryOf(url));
  return { adminId: admin.id, query, users: await adminLoad(listUsers(admin, query)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  return runAdminAction(request, url, userIntents);
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, query, adminId } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Users" description="Every account. Worker applications wait here for review; a suspension ends the account's sessions at once." />
      <NoticeBanner />
      <FailureBanner failure={actionData?.failure} />
      <FilterForm label="Search users" clearHref="/admin/users">
        <SearchField label="Search" defaultValue={query.q} placeholder="E-mail, username, name or #id" />
        <SelectFilter name="role" label="Role" value={query.role} options={userRoles.map((role) => [role, roleLabels[role]] as const)} />
        <SelectFilter name="status" label="Status" value={query.status} options={userStatuses.map((status) => [status, userStatusLabels[status]] as const)} />
      </FilterForm>

      {users.items.length === 0 ? (
        <EmptyState>No account matches these filters.</EmptyState>
      ) : (
        <ul aria-label="Users" className="grid gap-3">
          {users.items.map((user) => (
            <li key={user.id} aria-label={`User ${user.username}`} className="grid gap-3 rounded-xl border bg-card p-4 md:grid-cols-[1fr_auto] md:items-start">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Link to={`/admin/users/${user.id}`} className="font-semibold text-primary underline underline-offset-4 hover:decoration-2">
                    {user.username}
                  </Link>
                  <span className="text-sm text-muted-foreground">#{user.id}</span>
                  <Badge value={user.role} labels={roleLabels} prefix="Role" />
                  <Badge value={user.status} labels={userStatusLabels} prefix="Status" />
                </p>
                <p className="mt-1 break-all text-sm">
                  {user.fullName} · {user.email}
                </p>
                <p className="mt-1 text-xs text-muted-foreground">
                  Joined {formatAdminDateTime(user.createdAt)} · Last sign-in {formatAdminDateTime(user.lastLoginAt)}
                  {user.role === "worker" && user.platforms.length > 0 ? ` · Platforms: ${platformList(user.platforms)}` : ""}
                </p>
              </div>
              <div className="flex flex-wrap items-start gap-2 md:justify-end">
                {user.role === "worker" && (user.status === "pending_review" || user.status === "rejected") ? (
                  <ActionButton intent="approve" id={user.id} variant="default" label={`Approve worker ${user.username}`}>
                    Approve
                  </ActionButton>
                ) : null}
                {user.role === "worker" && user.status === "pending_review" ? (
                  <ConfirmAction
                    intent="reject"
                    id={user.id}
                    summary="Reject…"
                    description={`Reject ${user.username}'s worker application? They will not be offered tasks.`}
                    confirmLabel="Reject application"
                    subject={user.username}
                  />
                ) : null}
                {user.status === "suspended" ? (
                  <ActionButton intent="unsuspend" id={user.id} label={`Unsuspend ${user.username}`}>
                    Unsuspend
                  </ActionButton>
                ) : user.id !== adminId ? (
                  <ConfirmAction
                    intent="suspend"
                    id={user.id}
                    summary="Suspend…"
                    description={`Suspend ${user.username}? Every session of the account ends at once and it cannot sign in until the suspension is lifted.`}
                    confirmLabel="Suspend account"
                    subject={user.username}
                    reason={{ label: "Reason (kept in the audit log)" }}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={users.page} pageCount={users.pageCount} total={users.total} label="Users" />
    </div>
  );
}
