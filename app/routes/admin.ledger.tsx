import { CircleAlert, CircleCheck } from "lucide-react";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { adminLoad } from "~/features/admin/admin-form.server";
import { AdminCard, AdminPageHeader } from "~/features/admin/admin-ui";
import { ledgerHealthFor } from "~/features/admin/ledger-health.server";
import type { Route } from "./+types/admin.ledger";

export function meta() {
  return [{ title: "Ledger check | Admin | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  return { health: await adminLoad(ledgerHealthFor(admin)) };
}

export default function AdminLedger({ loaderData }: Route.ComponentProps) {
  const { health } = loaderData;
  const isSound = health.brokenRules === 0;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Ledger check"
        description="Every rule the money records must keep, checked against the database each time this page opens: earnings, holds, withdrawals and refunds. Each count is of records that break the rule."
      />
      <AdminCard>
        <p role="status" className="flex items-center gap-2 font-medium">
          {isSound ? <CircleCheck aria-hidden="true" className="size-5 text-emerald-600" /> : <CircleAlert aria-hidden="true" className="size-5 text-destructive" />}
          {isSound ? "The ledger is sound." : `${health.brokenRules} of ${health.rules.length} rules are broken: tell the developers before any money moves.`}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          Checked <time dateTime={health.checkedAt}>{new Date(health.checkedAt).toUTCString()}</time>. Operators can run the same check with <code>npm run check-ledger</code>.
        </p>
      </AdminCard>
      <ul aria-label="Ledger rules" className="divide-y rounded-xl border bg-card px-4">
        {health.rules.map(({ rule, offending }) => (
          <li key={rule} className="flex items-center justify-between gap-4 py-3 text-sm">
            <span className="first-letter:uppercase">{rule}</span>
            <span className={offending === 0 ? "text-muted-foreground" : "font-semibold text-destructive"}>{offending === 0 ? "none" : offending}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
