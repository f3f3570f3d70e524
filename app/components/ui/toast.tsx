import { Toast as ToastPrimitive } from "radix-ui";
import { X } from "~/components/icons";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { TOAST_HOTKEY, TOAST_VIEWPORT_LABEL, toastViewportClassName, type ToastVariant } from "./toast-shared";

export type { ToastVariant } from "./toast-shared";

/** Toasts close themselves after 5 s; a 50 px swipe to the right dismisses one; F8 focuses them. */
export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} {...props} />;
}

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={[TOAST_HOTKEY]}
      label={TOAST_VIEWPORT_LABEL}
      className={cn(toastViewportClassName, className)}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: "border-border bg-card text-card-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
};

export function Toast({ className, variant = "default", ...props }: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      data-variant={variant}
      className={cn(
        "toast group pointer-events-auto relative flex w-full items-start justify-between gap-4 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg",
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn("text-sm opacity-90", className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        "inline-flex h-8 shrink-0 items-center justify-center rounded-md border bg-transparent px-3 text-sm font-medium",
        "hover:bg-secondary focus-ring",
        "group-data-[variant=destructive]:border-destructive-foreground/40 group-data-[variant=destructive]:hover:bg-destructive-foreground/10",
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        "absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100",
        "focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}
