/*
 * Toasts (SPEC §2, §9): the store behind toast() and their view (Radix Toast, ~15 kB gzip).
 * This module is not part of the site shell: it loads with the route modules that import toast(),
 * and registers its view with <ToastArea> (rendered by the root layout) as it loads. So pages that
 * never show a toast never download it. Do not import it from the shell (root, header, footer…):
 * that would put it back into the JavaScript of every page.
 */
import { type ReactNode, useSyncExternalStore } from "react";
import { registerToaster } from "~/components/toast-area";
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  type ToastVariant,
} from "~/components/ui/toast";

/** SPEC §2: at most one toast is visible; a new one replaces the previous. */
export const TOAST_LIMIT = 1;
/** How long a closed toast stays mounted, so its leave animation can finish. */
export const TOAST_REMOVE_DELAY_MS = 1000;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** One optional action button; `altText` tells screen-reader users how to do it another way. */
  action?: { label: string; altText: string; onSelect: () => void };
  /** Overrides the 5000 ms auto-dismiss. */
  duration?: number;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  open: boolean;
}

/*
 * A tiny store outside React, so any code (event handlers, effects, helpers) can call toast().
 * Toasts are only ever raised in the browser; the server always renders an empty list.
 */
let toasts: ToastRecord[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
const noToasts: ToastRecord[] = [];

function setToasts(next: ToastRecord[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((record) => record.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

export function getToasts(): readonly ToastRecord[] {
  return toasts;
}

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  const closing = toasts.filter((record) => (id === undefined || record.id === id) && record.open);
  if (closing.length === 0) return;
  for (const record of closing) scheduleRemoval(record.id);
  setToasts(toasts.map((record) => (closing.includes(record) ? { ...record, open: false } : record)));
}

/** Shows a toast (replacing the one on screen) and returns handles to change or close it. */
export function toast(options: ToastOptions) {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  const dropped = toasts.slice(TOAST_LIMIT - 1);
  for (const record of dropped) {
    clearTimeout(removalTimers.get(record.id));
    removalTimers.delete(record.id);
  }
  setToasts([{ ...options, id, open: true }, ...toasts.slice(0, TOAST_LIMIT - 1)]);
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (changes: ToastOptions) => setToasts(toasts.map((record) => (record.id === id ? { ...record, ...changes } : record))),
  };
}

export function useToast() {
  const current = useSyncExternalStore(subscribeToToasts, getToasts, () => noToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}

/** The toasts on screen; <ToastArea> renders it once this module has loaded. */
export function Toaster() {
  const { toasts: current } = useToast();
  return (
    <ToastProvider>
      {current.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action ? (
            <ToastAction altText={action.altText} onClick={action.onSelect}>
              {action.label}
            </ToastAction>
          ) : null}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}

registerToaster(Toaster);
