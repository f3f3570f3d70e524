import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { Link, NavLink } from "~/components/link";
import { Button, type ButtonVariant, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { labelOf, noticeText, type Tone, toneOf } from "./admin-display";

/*
 * The admin console's building blocks. Everything works without JavaScript: filters are GET forms,
 * pagination is links, actions are POST forms to the page's action, and destructive actions ask
 * for confirmation in a <details> disclosure (no script, nothing the CSP refuses).
 */

const adminSections = [
  { to: "/dashboard", label: "Overview", end: true },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/services", label: "Services" },
  { to: "/admin/payments", label: "Payments" },
  { to: "/admin/completions", label: "Completions" },
  { to: "/admin/flags", label: "Flags" },
  { to: "/admin/tickets", label: "Tickets" },
  { to: "/admin/payouts", label: "Payouts" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/ledger", label: "Ledger" },
] as const;

export function AdminNav() {
  return (
    <nav aria-label="Admin">
      <ul className="flex flex-wrap gap-1">
        {adminSections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={"end" in section ? section.end : false}
              className={({ isActive }) =>
                cn(
                  "inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                  isActive ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-accent hover:text-accent-foreground",
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminPageHeader({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Admin</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight">{title}</h1>
        {description ? <p className="mt-2 max-w-2xl text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </header>
  );
}

/** The outcome of the last action (PRG `?notice=`), shown until the next navigation. */
export function NoticeBanner() {
  const [searchParams] = useSearchParams();
  const text = noticeText(searchParams.get("notice"));
  if (!text) return null;
  const target = searchParams.get("target");
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
      <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <p>
        {target && /^[\w-]{1,100}$/.test(target) ? <span className="font-semibold">#{target}: </span> : null}
        {text}
      </p>
    </div>
  );
}

export function FailureBanner({ failure }: { failure: { message: string; targetId: string | null } | null | undefined }) {
  if (!failure) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <p>
        <span className="font-semibold">{failure.targetId ? `#${failure.targetId}: ` : ""}That did not work.</span> {failure.message}
      </p>
    </div>
  );
}

/** A search and filter bar: a GET form, so the filters live in the URL (bookmarkable, no JavaScript needed). */
export function FilterForm({ children, clearHref, label }: { children: ReactNode; clearHref: string; label: string }) {
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4">
      {children}
      <div className="flex gap-2">
        <Button type="submit">Apply</Button>
        <Link to={clearHref} className={buttonVariants({ variant: "ghost" })}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

const fieldClass = "h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring";

export function SearchField({ label, defaultValue, placeholder, name = "q" }: { label: string; defaultValue?: string; placeholder?: string; name?: string }) {
  return (
    <label className="grid min-w-56 flex-1 gap-1 text-sm font-medium">
      {label}
      <input type="search" name={name} defaultValue={defaultValue} placeholder={placeholder} maxLength={100} className={fieldClass} />
    </label>
  );
}

export function SelectFilter({ name, label, options, value, anyLabel = "Any" }: { name: string; label: string; options: readonly (readonly [string, string])[]; value?: string; anyLabel?: string | null }) {
  return (
    <label className="grid gap-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ""} className={fieldClass}>
        {anyLabel === null ? null : <option value="">{anyLabel}</option>}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Previous/next links that keep the filters; "Page 2 of 7 · 163 results". */
export function Pagination({ page, pageCount, total, label }: { page: number; pageCount: number; total: number; label: string }) {
  const [searchParams] = useSearchParams();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(searchParams);
    for (const key of ["notice", "target"]) params.delete(key);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        Page {Math.min(page, pageCount)} of {pageCount} · {total} {total === 1 ? "result" : "results"}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(Math.min(page - 1, pageCount))} rel="prev" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Previous page
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} rel="next" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

const toneClasses: Record<Tone, string> = {
  neutral: "border-border bg-muted text-foreground",
  good: "border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300",
  warning: "border-amber-600/30 bg-amber-500/10 text-amber-900 dark:text-amber-200",
  bad: "border-destructive/40 bg-destructive/10 text-red-800 dark:text-red-300",
};

export function Badge({ value, labels, prefix }: { value: string | null | undefined; labels: Record<string, string>; prefix?: string }) {
  return (
    <span className={cn("inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap", toneClasses[toneOf(value)])}>
      {prefix ? <span className="sr-only">{prefix}: </span> : null}
      {labelOf(labels, value)}
    </span>
  );
}

function useIsSubmitting() {
  const navigation = useNavigation();
  return navigation.state === "submitting";
}

/**
 * One button posting `intent` and `id` to the page's action (for actions that need no confirmation).
 * `label`, its accessible name, starts with the words it shows and says what it acts on.
 */
export function ActionButton({ intent, id, children, variant = "outline", label }: { intent: string; id: string | number; children: ReactNode; variant?: ButtonVariant; label?: string }) {
  const isSubmitting = useIsSubmitting();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={String(id)} />
      <Button type="submit" variant={variant} size="sm" disabled={isSubmitting} aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}

/**
 * A destructive action behind a disclosure: the first click opens the confirmation (with a reason
 * field when the action takes one), the second posts it. `subject` names what it acts on in human
 * words ("ama_k", "order #12"): a list of records repeats the same summary and button on every
 * one, and a screen reader's list of buttons must tell them apart.
 */
export function ConfirmAction({
  intent,
  id,
  summary,
  description,
  confirmLabel,
  subject,
  reason,
  extraFields,
}: {
  intent: string;
  id: string | number;
  summary: string;
  subject?: string;
  description: ReactNode;
  confirmLabel: string;
  reason?: { label: string; placeholder?: string; required?: boolean };
  extraFields?: ReactNode;
}) {
  const isSubmitting = useIsSubmitting();
  return (
    <details className="group w-full sm:w-auto">
      <summary className={buttonVariants({ variant: "outline", size: "sm", className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden" })}>
        {summary}
        {subject ? <span className="sr-only"> {subject}</span> : null}
      </summary>
      <Form method="post" className="mt-2 grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm sm:w-80">
        <p>{description}</p>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={String(id)} />
        {extraFields}
        {reason ? (
          <label className="grid gap-1 font-medium">
            {reason.label}
            <textarea
              name="reason"
              required={reason.required ?? true}
              minLength={reason.required === false ? undefined : 3}
              maxLength={500}
              rows={2}
              placeholder={reason.placeholder}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm font-normal focus-visible:outline-2 focus-visible:outline-ring"
            />
          </label>
        ) : null}
        {/* A label, not hidden text: the browser would put a space before a hidden span's colon. */}
        <Button type="submit" variant="destructive" size="sm" disabled={isSubmitting} aria-label={subject ? `${confirmLabel}: ${subject}` : undefined}>
          {confirmLabel}
        </Button>
      </Form>
    </details>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{children}</p>;
}

/** A label/value pair in a record's facts. */
export function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

export function AdminCard({ children, className, labelledBy }: { children: ReactNode; className?: string; labelledBy?: string }) {
  return (
    <section aria-labelledby={labelledBy} className={cn("rounded-xl border bg-card p-5", className)}>
      {children}
    </section>
  );
}
