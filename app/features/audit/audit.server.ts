import type { PublicUser } from "~/features/auth/index.server";
import type { SqlQueries } from "~/lib/database/sql-client.server";

/** What an audited action was: its name, the record it touched, and what changed (JSON). */
type AuditEntry = { action: string; targetType: string; targetId: string; details?: unknown };

/** The admin audit log (append-only): who did what to which record, with before and after. */
export async function recordAdminAction(sql: SqlQueries, admin: Pick<PublicUser, "id">, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(sql, admin.id, entry);
}

/** What the store decided by itself (no admin acted): audited beside the admins' actions. */
export async function recordStoreAction(sql: SqlQueries, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(sql, null, entry);
}

async function insertAuditEntry(sql: SqlQueries, adminId: number | null, { action, targetType, targetId, details }: AuditEntry): Promise<void> {
  await sql.query(
    `INSERT INTO admin_audit_logs (admin_id, action, target_type, target_id, details, created_at)
     VALUES ($1::int, $2::text, $3::text, $4::text, $5::jsonb, $6::timestamp)`,
    [adminId, action, targetType, targetId, details === undefined ? null : JSON.stringify(details), new Date().toISOString()],
  );
}
