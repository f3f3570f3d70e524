import { Menu, TrendingUp, X } from "~/components/icons";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { Link, NavLink } from "~/components/link";
import { ThemeToggle } from "~/components/theme";
import { Button, buttonVariants } from "~/components/ui/button";
import type { SessionUser } from "~/lib/session-user";
import { forgetStoredToken } from "~/lib/stored-token";
import { cn } from "~/lib/cn";

export const mainNavigation = [
  { to: "/", label: "Home" },
  { to: "/packages", label: "Packages" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/join-network", label: "Join Network" },
] as const;

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn("flex items-center gap-2 rounded-md font-bold tracking-tight focus-ring", className)}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-linear-to-br from-brand-from to-brand-to text-white shadow-sm">
        <TrendingUp className="size-5" aria-hidden="true" />
      </span>
      <span className="text-lg">Social Media Boost</span>
    </Link>
  );
}

/** The current page's link carries aria-current="page" (NavLink sets it); its look follows that. */
function NavigationLinks({ layout, onNavigate }: { layout: "row" | "column"; onNavigate?: () => void }) {
  return (
    <ul className={cn("flex gap-1", layout === "column" && "flex-col")}>
      {mainNavigation.map(({ to, label }) => (
        <li key={to}>
          <NavLink
            to={to}
            end
            onClick={onNavigate}
            className={cn("nav-link", layout === "column" ? "py-3 text-base" : "py-2 text-sm")}
          >
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Login / Get Started when signed out; Dashboard / Logout when signed in (Logout posts, so it works without JS). */
function AccountActions({ user, layout }: { user: SessionUser | null; layout: "row" | "column" }) {
  const width = layout === "column" ? "w-full" : undefined;
  if (user) {
    return (
      <>
        <Link to="/dashboard" className={buttonVariants({ variant: "outline", className: width })}>
          Dashboard
        </Link>
        <Form method="post" action="/logout" className={width} onSubmit={() => forgetStoredToken()}>
          <Button type="submit" variant="ghost" className={width}>
            Logout
          </Button>
        </Form>
      </>
    );
  }
  return (
    <>
      <Link to="/auth" className={buttonVariants({ variant: layout === "column" ? "outline" : "ghost", className: width })}>
        Login
      </Link>
      <Link to="/auth" className={buttonVariants({ variant: "brand", className: width })}>
        Get Started
      </Link>
    </>
  );
}

/**
 * A closed panel is empty: it is there for the button's aria-controls, and its links are rendered
 * when it opens. Every page carried them hidden, a tenth of what the server rendered for it (issue #22).
 */
function MobileMenuPanel({ user, id, hidden, onNavigate }: { user: SessionUser | null; id?: string; hidden?: boolean; onNavigate?: () => void }) {
  return (
    <div id={id} hidden={hidden} className="absolute inset-x-0 top-full border-b bg-background shadow-lg md:hidden">
      {hidden ? null : (
        <nav aria-label="Main" className="mx-auto max-w-6xl px-4 py-3">
          <NavigationLinks layout="column" onNavigate={onNavigate} />
          <div className="mt-3 flex flex-col gap-2 border-t pt-3">
            <AccountActions user={user} layout="column" />
          </div>
        </nav>
      )}
    </div>
  );
}

/**
 * Below the md breakpoint. With JavaScript: a button (aria-expanded, aria-controls) that closes on
 * Escape and on navigation. Without: a native <details> disclosure, so the links stay reachable.
 * CSS shows exactly one of the two (`js-only` / `no-js-only`, set before the first paint).
 */
function MobileMenu({ user }: { user: SessionUser | null }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setIsOpen(false), [pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    // A tap outside the header (on the page below the open menu) closes it.
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !buttonRef.current?.closest("header")?.contains(event.target)) setIsOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [isOpen]);

  const Icon = isOpen ? X : Menu;
  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="js-only md:hidden"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label="Menu"
        onClick={() => setIsOpen((open) => !open)}
      >
        <Icon aria-hidden="true" />
      </Button>
      <MobileMenuPanel user={user} id={panelId} hidden={!isOpen} onNavigate={() => setIsOpen(false)} />

      <details className="no-js-only group md:hidden">
        <summary
          aria-label="Menu"
          className={buttonVariants({ variant: "ghost", size: "icon", className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden" })}
        >
          <Menu className="group-open:hidden" aria-hidden="true" />
          <X className="hidden group-open:block" aria-hidden="true" />
        </summary>
        <MobileMenuPanel user={user} />
      </details>
    </>
  );
}

export function Header({ user }: { user: SessionUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <NavigationLinks layout="row" />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            <AccountActions user={user} layout="row" />
          </div>
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}
