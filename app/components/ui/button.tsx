import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/*
 * `btn` (app/app.css) is the shape shared by every button. The icon rules stay utilities: they must
 * outrank an icon's own size class, as they always have.
 */
const base = "btn [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0";

const variants = {
  default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
  brand: "bg-linear-to-r from-brand-from to-brand-to text-white shadow-md hover:opacity-90",
  destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
  outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  link: "text-primary underline-offset-4 hover:underline",
} as const;

const sizes = {
  default: "h-9 px-4 py-2",
  sm: "h-8 px-3 text-xs",
  lg: "h-11 px-6",
  /** `lg` with wider padding, for a page's main call to action. */
  wide: "h-11 px-8",
  icon: "size-9",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Classes of a button; also for links that look like buttons (`<Link className={buttonVariants()}>`). */
export function buttonVariants({ variant = "default", size = "default", className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(base, variants[variant], sizes[size], className);
}

/** A <button> (type "button" unless told); for a link styled as a button use buttonVariants(). */
export function Button({ className, variant, size, type = "button", ...props }: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
