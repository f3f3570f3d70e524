import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { cn } from "~/lib/cn";

/*
 * A modal on the native <dialog> element. Not Radix Dialog: Radix injects a <style> element that the
 * Content-Security-Policy refuses. showModal() gives the focus trap, the inert background and Escape
 * for free. Pages that need to work without JavaScript render the same content inline instead.
 */
interface ModalDialogProps {
  isOpen: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** Runs once the dialog has closed (Escape, the close button, a click on the backdrop). */
  onClosed: () => void;
  /** The element that opened the dialog: focus returns to it. */
  opener: HTMLElement | null;
  children: ReactNode;
}

export function ModalDialog({ isOpen, title, description, onClosed, opener, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  /*
   * The page hears of a close at once, not from the 'close' event: that comes a task later, and a key
   * pressed in between (Escape, then Space on the opener the browser has just focused again) would
   * reopen the dialog only for the late event to close it.
   */
  const close = () => {
    const dialog = dialogRef.current;
    if (dialog?.open) dialog.close();
    onClosed();
    opener?.focus();
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Only the dialog's own 'cancel' (Escape): a file input's picker dismissed fires one that bubbles here.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        close();
      }}
      // Closed another way (a button of the content calling close(), or the browser skipping 'cancel');
      // nothing to do when the page already knows, or the dialog is open again.
      onClose={(event) => {
        if (isOpen && !event.currentTarget.open) close();
      }}
      // A click on the backdrop lands on the <dialog> itself, never on its content.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className={cn(
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl border bg-card p-0 text-card-foreground shadow-2xl",
        "backdrop:bg-black/60 backdrop:backdrop-blur-sm",
      )}
    >
      {isOpen ? (
        <div className="relative p-6 sm:p-8">
          <h2 id={titleId} className="pr-10 text-2xl font-bold tracking-tight">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-2 text-sm text-muted-foreground">
              {description}
            </p>
          ) : null}
          <div className="mt-6">{children}</div>
          {/* Last in the document so that showModal() focuses the first field, not this button. */}
          <button
            type="button"
            onClick={close}
            className="absolute right-4 top-4 rounded-md p-2 text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
