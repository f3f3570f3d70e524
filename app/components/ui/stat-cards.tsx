import { cn } from "~/lib/cn";

/** A dashboard's figures: label above a large value, one card each. `className` sets the grid's columns. */
export function StatCards({ stats, className }: { stats: readonly (readonly [label: string, value: string])[]; className?: string }) {
  return (
    <dl className={cn("grid gap-4", className)}>
      {stats.map(([label, value]) => (
        <div key={label} className="rounded-xl border bg-card p-5">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="mt-1 text-2xl font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
