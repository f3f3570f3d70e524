import { Link } from "~/components/link";
import { auditActionLabel, auditTargetHref, describeAuditDetails, formatAdminDateTime } from "./admin-display";
import type { AuditEntryView } from "./audit-log.server";

/** One audit entry: when, who, what, on which record, and its before → after. */
export function AuditEntryItem({ entry, showTarget = true }: { entry: AuditEntryView; showTarget?: boolean }) {
  const href = auditTargetHref(entry.targetType, entry.targetId);
  const target = `${entry.targetType.replace(/_/g, " ")} ${entry.targetId}`;
  const details = describeAuditDetails(entry.details, entry.targetType);
  return (
    <li className="grid gap-1 py-3 text-sm sm:grid-cols-[11rem_1fr]">
      <time dateTime={entry.createdAt} className="text-muted-foreground">
        {formatAdminDateTime(entry.createdAt)}
      </time>
      <div className="min-w-0">
        <p>
          <span className="font-semibold">{auditActionLabel(entry.action)}</span> by <span className="font-medium">{entry.admin?.username ?? "the store"}</span>
          {showTarget ? (
            <>
              {" "}
              on{" "}
              {href ? (
                <Link to={href} className="text-primary underline underline-offset-4 hover:decoration-2">
                  {target}
                </Link>
              ) : (
                target
              )}
            </>
          ) : null}
        </p>
        {details ? <p className="mt-0.5 break-words text-muted-foreground">{details}</p> : null}
      </div>
    </li>
  );
}

/** A record's own audit history, on its detail page. */
export function AuditHistory({ entries }: { entries: AuditEntryView[] }) {
  return (
    <section aria-labelledby="history-heading" className="rounded-xl border bg-card p-5">
      <h2 id="history-heading" className="text-lg font-bold">
        Admin history
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No admin has acted on this record yet.</p>
      ) : (
        <ul className="mt-2 divide-y">
          {entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} showTarget={false} />
          ))}
        </ul>
      )}
    </section>
  );
}
