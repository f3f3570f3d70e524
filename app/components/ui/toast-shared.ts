/*
 * What the always-present toast area (~/components/toast-area, in every page's JavaScript) shares with
 * the Radix toasts in ./toast.tsx, without importing Radix (which loads only on pages that toast).
 */
export type ToastVariant = "default" | "destructive";

/** SPEC §9: the key that moves focus to the toasts. */
export const TOAST_HOTKEY = "F8";
/** Radix's default viewport label, with the hotkey filled in. */
export const TOAST_VIEWPORT_LABEL = `Notifications (${TOAST_HOTKEY})`;

// No `outline-none`: in Tailwind 4 it sets --tw-outline-style to none, which `focus-visible:outline-2`
// then uses, so F8's focus would show nothing. Focus that is not :focus-visible draws no outline anyway.
export const toastViewportClassName =
  "fixed bottom-0 right-0 z-100 m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 focus-visible:outline-2 focus-visible:outline-ring";
