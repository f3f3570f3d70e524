import { CheckCircle2, Info } from "lucide-react";
import type { ComponentProps, MouseEvent, ReactNode } from "react";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";
import type { AuthFormResult } from "~/features/auth/index.server";
import { AuthForm } from "~/features/auth";
import type { SessionUser } from "~/lib/session-user";

/*
 * The worker registration form of /join-network, shown in a modal with JavaScript and inline on the
 * page without it (the page's "Join Now" links lead to `?register=1#register`, which the server
 * renders with the form open).
 */

/** Where the "Join Now" links lead without JavaScript: this page with the form open inline. */
export const registerHref = "/join-network?register=1#register";
export const registerSectionId = "register";

/** A link to the registration form; with JavaScript `onOpen` handles the click (opens the dialog). */
export function RegisterLink({
  children,
  onOpen,
  className,
}: {
  children: ReactNode;
  onOpen?: (opener: HTMLElement) => boolean;
  className?: string;
}) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let modified clicks (new tab, new window) do what the visitor asked for.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (onOpen?.(event.currentTarget)) event.preventDefault();
  };
  return (
    <Link to={registerHref} onClick={handleClick} aria-haspopup={onOpen ? "dialog" : undefined} className={className}>
      {children}
    </Link>
  );
}

/** The worker registration form in a modal (with JavaScript). */
export function RegistrationDialog(props: Omit<ComponentProps<typeof ModalDialog>, "title" | "description">) {
  return (
    <ModalDialog
      {...props}
      title="Create your worker account"
      description="Choose the platforms you use. Our team reviews every new worker account before tasks are offered."
    />
  );
}

interface RegistrationPanelProps {
  result: AuthFormResult | undefined;
  isSubmitting: boolean;
  user: SessionUser | null;
}

/** The form, or what replaces it: the success note, or a note for a visitor who is signed in. */
export function RegistrationPanel({ result, isSubmitting, user }: RegistrationPanelProps) {
  if (result?.ok) {
    return (
      <p role="status" className="flex items-center gap-2 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-medium">
        <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden="true" />
        Account created! Taking you to your dashboard…
      </p>
    );
  }
  if (user) return <SignedInNote user={user} />;
  const failure = result && !result.ok ? result : undefined;
  return (
    <div className="grid gap-4">
      {failure ? (
        // Also with JavaScript: the toast sits behind an open dialog (and the inert page behind it is
        // not announced), so the dialog carries the notice itself. autoFocus brings it into view: a
        // browser without JavaScript shows the failed post's page from the top otherwise.
        <div role="alert" tabIndex={-1} autoFocus className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm outline-none">
          <p className="font-semibold text-destructive">{failure.notice.title}</p>
          <p className="mt-1">{failure.notice.description}</p>
        </div>
      ) : null}
      <AuthForm mode="worker-register" action="/join-network" redirectTo="/dashboard" lastResult={failure?.submission ?? null} isSubmitting={isSubmitting} />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link to="/auth?redirectTo=/dashboard" className="font-semibold text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}

function SignedInNote({ user }: { user: SessionUser }) {
  return (
    <div role="note" className="rounded-xl border border-primary/30 bg-primary/5 p-5 text-sm">
      <p className="flex items-center gap-2 font-semibold">
        <Info className="size-4 shrink-0 text-primary" aria-hidden="true" />
        You already have an account
      </p>
      <p className="mt-2 text-muted-foreground">
        {user.role === "worker"
          ? `You're signed in as ${user.username}, and your worker account exists. Your dashboard shows whether our team has reviewed it and, once it is approved, the tasks you can do.`
          : `You're signed in as ${user.username} with a ${user.role} account. Worker accounts are separate: to join the network, log out and create a worker account with another email address.`}
      </p>
      <Link to="/dashboard" className={buttonVariants({ variant: "outline", className: "mt-4" })}>
        Go to your dashboard
      </Link>
    </div>
  );
}
