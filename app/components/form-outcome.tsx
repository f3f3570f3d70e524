import { CircleAlert, CircleCheck } from "lucide-react";

/**
 * What a dashboard form just did, under its section's heading: a status when it worked, an alert
 * with the service's message when it was refused (a redirect's query or the action's answer).
 */
export function FormOutcome({ done, error }: { done: string | null; error: string | null }) {
  if (error) {
    return (
      <p role="alert" className="mt-4 flex items-center gap-2 text-sm font-semibold text-destructive">
        <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
        {error}
      </p>
    );
  }
  if (!done) return null;
  return (
    <p role="status" className="mt-4 flex items-center gap-2 text-sm font-semibold">
      <CircleCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
      {done}
    </p>
  );
}

/** A refused form in a boxed alert: what did not happen, and the service's reason. */
export function FormRefusal({ title, message, className = "" }: { title: string; message: string; className?: string }) {
  return (
    <div role="alert" className={`flex gap-3 rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm ${className}`}>
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div>
        <p className="font-semibold text-destructive">{title}</p>
        <p className="mt-1">{message}</p>
      </div>
    </div>
  );
}
