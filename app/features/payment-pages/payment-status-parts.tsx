import { CircleAlert, CircleCheck, CircleX, Clock, Loader2, MessageCircle, Phone, Send } from "lucide-react";
import { type ReactNode } from "react";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { supportChannelLinks, supportFormHref, useSupportContacts } from "~/features/support";
import { cn } from "~/lib/cn";
import { type PaymentNotice, type PaymentStatusState, isEndState, statusBadgeLabels } from "~/features/payments";

/* The payment status page's pieces: the state's icon and badge, a detail row, a notice line, and the help box for a payment that went wrong. */

export function StatusIcon({ state }: { state: PaymentStatusState }) {
  const look = {
    success: { icon: CircleCheck, className: "bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300" },
    failed: { icon: CircleX, className: "bg-destructive/10 text-destructive" },
    abandoned: { icon: CircleAlert, className: "bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300" },
    timeout: { icon: Clock, className: "bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300" },
    pending: { icon: Loader2, className: "bg-primary/10 text-primary" },
    ongoing: { icon: Loader2, className: "bg-primary/10 text-primary" },
  }[state];
  const Icon = look.icon;
  return (
    <span className={cn("mx-auto flex size-16 items-center justify-center rounded-full", look.className)}>
      <Icon className={cn("size-8", !isEndState(state) && "motion-safe:animate-spin")} aria-hidden="true" />
    </span>
  );
}

export function StatusBadge({ state }: { state: PaymentStatusState }) {
  const tone: Record<PaymentStatusState, string> = {
    success: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
    failed: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
    abandoned: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
    timeout: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
    pending: "bg-primary/10 text-primary",
    ongoing: "bg-primary/10 text-primary",
  };
  return <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", tone[state])}>{statusBadgeLabels[state]}</span>;
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium">{children}</dd>
    </div>
  );
}

export function NoticeLine({ notice }: { notice: PaymentNotice }) {
  const isDestructive = notice.variant === "destructive";
  return (
    <div
      role={isDestructive ? "alert" : undefined}
      className={cn("mx-auto mt-5 max-w-md rounded-lg border px-4 py-3 text-left text-sm", isDestructive ? "border-destructive/40 bg-destructive/10" : "border-primary/30 bg-primary/5")}
    >
      <p className={cn("font-semibold", isDestructive && "text-destructive")}>{notice.title}</p>
      <p className="mt-1">{notice.description}</p>
    </div>
  );
}

/** SPEC §2: on failure, abandonment or timeout, WhatsApp and call links (those configured), the support form, and what to check. */
export function PaymentIssueBox({ pageUrl, amount, channel, orderReference }: { pageUrl: string; amount: string | null; channel: "card" | "mobile_money"; orderReference: string | null }) {
  const links = supportChannelLinks({ pageUrl, amount: amount ?? undefined }, useSupportContacts());
  const whatsapp = links.find((link) => link.channel === "whatsapp");
  const phone = links.find((link) => link.channel === "phone");
  return (
    <section aria-labelledby="payment-issue-heading" className="rounded-2xl border border-amber-500/40 bg-amber-50/60 p-6 dark:bg-amber-950/20">
      <h2 id="payment-issue-heading" className="text-lg font-bold">
        Having trouble paying?
      </h2>
      {channel === "card" ? (
        <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-sm">
          <li>Check the card number, expiry date and CVV, and that your bank allows online payments.</li>
          <li>Make sure the card has a sufficient balance for {amount ?? "the amount"}.</li>
          <li>Press Try Again to pay with another card or with mobile money: nothing was charged for this attempt.</li>
        </ul>
      ) : (
        <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-sm">
          <li>Make sure your phone is switched on and has network coverage.</li>
          <li>Look for an SMS or prompt from your mobile money provider and approve it with your PIN.</li>
          <li>Check that your wallet has a sufficient balance for {amount ?? "the amount"}.</li>
          <li>If the prompt expired, press Resend Authorization to get a new one.</li>
        </ul>
      )}
      <p className="mt-4 text-sm">Still stuck? Contact our support team:</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {whatsapp ? (
          <a href={whatsapp.href} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "outline" })}>
            <MessageCircle aria-hidden="true" />
            WhatsApp us<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        {phone ? (
          <a href={phone.href} className={buttonVariants({ variant: "outline" })}>
            <Phone aria-hidden="true" />
            Call {phone.value}
          </a>
        ) : null}
        <Link to={supportFormHref({ reference: orderReference ?? undefined, amount: amount ?? undefined })} className={buttonVariants({ variant: "outline" })}>
          <Send aria-hidden="true" />
          Message support
        </Link>
      </div>
    </section>
  );
}
