import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A social profile's address as a link target: https addresses only; anything else is shown as text. */
export function profileHref(url: string): string | null {
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * A social profile (an order's target, a worker's task or handle), opened in a new tab without giving
 * that page a handle on ours (rel="noopener noreferrer"). Without children it reads as the address
 * without "https://www.".
 */
export function ProfileLink({ url, children, className }: { url: string; children?: ReactNode; className?: string }) {
  const href = profileHref(url);
  const label = children ?? url.replace(/^https:\/\/(www\.)?/, "");
  if (!href) return <span className={cn("break-all", className)}>{label}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn("inline-flex max-w-full items-center gap-1 break-all font-medium text-primary underline-offset-4 hover:underline focus-ring", className)}
    >
      {label}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
