import { type ComponentType, useEffect, useRef, useSyncExternalStore } from "react";
import { TOAST_HOTKEY, TOAST_VIEWPORT_LABEL, toastViewportClassName } from "~/components/ui/toast-shared";

/*
 * Where toasts show; rendered once by the root layout. The toasts themselves (the toast() store and
 * Radix Toast, ~15 kB gzip) are in ~/components/toaster, which registers them here when a route
 * module that imports toast() loads. Until then (and in the server render and hydration, which must
 * match) an empty stand-in takes their place, and F8 focuses it as Radix's viewport would.
 */
let registered: ComponentType | null = null;
const listeners = new Set<() => void>();

export function registerToaster(toaster: ComponentType) {
  registered = toaster;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function ToastArea() {
  const Toaster = useSyncExternalStore(
    subscribe,
    () => registered,
    () => null,
  );
  const standInRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (Toaster) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === TOAST_HOTKEY) standInRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [Toaster]);

  if (Toaster) return <Toaster />;
  return (
    <div role="region" aria-label={TOAST_VIEWPORT_LABEL} tabIndex={-1} className="pointer-events-none">
      <ol ref={standInRef} tabIndex={-1} className={toastViewportClassName} />
    </div>
  );
}
