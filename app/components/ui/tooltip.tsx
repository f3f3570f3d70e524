import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/lib/cn";

/** SPEC §9: a tooltip opens 700 ms after the pointer comes to rest on its trigger… */
export const TOOLTIP_DELAY_MS = 700;
/** …and for 300 ms after one closes, the next one opens at once (moving along a toolbar). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Shared by every tooltip on the page, as Radix's TooltipProvider did (without a context).
let openCount = 0;
let skipDelayUntil = 0;

/**
 * A small tooltip (WAI-ARIA tooltip pattern), hand-written instead of Radix Tooltip to keep
 * floating-ui out of every page's JavaScript. The text sits below its trigger, centred; the trigger
 * gets `aria-describedby`. It opens on hover (after the delay) and at once on keyboard focus, and
 * closes on Escape, on pointer down, when the pointer leaves both the trigger and the tooltip
 * (so the text can be hovered, WCAG 1.4.13), and when focus leaves.
 *
 *     <Tooltip content="Change theme">{(describedBy) => <Button aria-describedby={describedBy} … />}</Tooltip>
 */
export function Tooltip({
  content,
  className,
  children,
}: {
  content: ReactNode;
  className?: string;
  children: (describedBy: string) => ReactNode;
}) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const cancel = () => clearTimeout(timer.current);
  const show = () => {
    cancel();
    setIsOpen(true);
  };
  const hide = () => {
    cancel();
    setIsOpen(false);
  };

  useEffect(() => {
    if (!isOpen) return;
    openCount += 1;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      openCount -= 1;
      skipDelayUntil = Date.now() + TOOLTIP_SKIP_DELAY_MS;
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [isOpen]);

  useEffect(() => cancel, []);

  return (
    <span
      className={cn("relative inline-flex", className)}
      onPointerEnter={(event) => {
        if (event.pointerType === "touch" || isOpen) return;
        cancel();
        if (openCount > 0 || Date.now() < skipDelayUntil) show();
        else timer.current = setTimeout(show, TOOLTIP_DELAY_MS);
      }}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(event) => {
        // Keyboard focus only: a click focuses the trigger too, and must not reopen what it closed.
        if (event.target === event.currentTarget.firstElementChild && event.target.matches(":focus-visible")) show();
      }}
      onBlur={hide}
    >
      {children(id)}
      <span
        role="tooltip"
        id={id}
        hidden={!isOpen}
        className="absolute left-1/2 top-full z-50 -translate-x-1/2 whitespace-nowrap pt-1.5 text-xs"
      >
        <span className="relative block rounded-md bg-foreground px-3 py-1.5 text-background shadow-md before:absolute before:-top-1 before:left-1/2 before:size-2 before:-translate-x-1/2 before:rotate-45 before:bg-foreground">
          {content}
        </span>
      </span>
    </span>
  );
}
