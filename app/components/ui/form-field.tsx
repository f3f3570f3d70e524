import type { ReactNode } from "react";

/**
 * A label above its control, then one line for the field's error (SPEC §5's text) or else its hint.
 * The line is always reserved: an error appearing on blur must not push the submit button away
 * while it is being clicked (the blur comes between mouse down and up, and the click would be lost).
 * `meta` is conform's field metadata.
 */
export function FormField({ label, hint, meta, children }: { label: string; hint?: ReactNode; meta: { id: string; errorId: string; descriptionId: string; errors?: string[] }; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <label htmlFor={meta.id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      <div className="min-h-5 text-sm leading-5">
        {meta.errors?.length ? (
          <p id={meta.errorId} className="text-destructive">
            {meta.errors[0]}
          </p>
        ) : hint ? (
          <div id={meta.descriptionId} className="text-xs leading-5 text-muted-foreground">
            {hint}
          </div>
        ) : null}
      </div>
    </div>
  );
}
