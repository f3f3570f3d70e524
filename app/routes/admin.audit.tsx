import { requireAdminPage } from "~/features/admin/admin-access.server";
import { auditActionLabel } from "~/features/admin/admin-display";
import { adminLoad, parseAdminQuery } from "~/features/admin/admin-form.server";
import { auditListQuerySchema, queryOf } from "~/features/admin/admin-schemas";
import { AdminPageHeader, EmptyState, FilterForm, Pagination, SelectFilter } from "~/features/admin/admin-ui";
import { AuditEntryItem } from "~/features/admin/audit-history";
import { listAuditEntries } from "~/features/admin/audit-log.server";
import type { Route } from "./+types/admin.audit";

export function meta() {
  return [{ title: "Audit log | Admin | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  const query = parseAdminQuery(auditListQuerySchema, queryOf(url));
  return { query, audit: await adminLoad(listAuditEntries(admin, query)) };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { audit, query } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Audit log" description="Every admin action: who did what to which record, and when, with the state before and after. Entries are never changed or removed." />
      <FilterForm label="Filter the audit log" clearHref="/admin/audit">
        <SelectFilter name="action" label="Action" value={query.action} options={audit.filters.actions.map((action) => [action, auditActionLabel(action)] as const)} />
        <SelectFilter name="adminId" label="Admin" value={query.adminId ? String(query.adminId) : undefined} options={audit.filters.admins.map((admin) => [String(admin.id), admin.username] as const)} />
        {query.targetType ? <input type="hidden" name="targetType" value={query.targetType} /> : null}
        {query.targetId ? <input type="hidden" name="targetId" value={query.targetId} /> : null}
      </FilterForm>
      {audit.items.length === 0 ? (
        <EmptyState>No admin action matches these filters.</EmptyState>
      ) : (
        <ul aria-label="Audit entries" className="divide-y rounded-xl border bg-card px-4">
          {audit.items.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <Pagination page={audit.page} pageCount={audit.pageCount} total={audit.total} label="Audit log" />
    </div>
  );
}
