import { Headset, Mail, MessageCircle, Phone } from "~/components/page-icons";
import type { ComponentType, SVGProps } from "react";
import { Link } from "~/components/link";
import { type SupportChannel, type SupportLinkContext, supportChannelLinks, supportFormHref } from "./support-links";
import { useSupportContacts } from "./use-support-contacts";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

interface ContactMethodsProps {
  context: SupportLinkContext;
  /** Offer the support form (with the order's details) as one more way: for pages that do not hold it. */
  offerForm?: boolean;
}

/**
 * The configured ways to reach the team (SPEC §1: e-mail, WhatsApp, phone), each link prefilled with
 * the page's address and, when the page was opened from an order, its package, platform and amount.
 * A channel that is not configured is not shown; with nothing to show, neither is the section.
 */
export function ContactMethods({ context, offerForm }: ContactMethodsProps) {
  const contacts = useSupportContacts();
  const channels: Record<SupportChannel, { name: string; note: string; icon: Icon; isExternal?: boolean }> = {
    email: { name: "Email", note: "Opens your mail app with a message ready to finish.", icon: Mail },
    whatsapp: { name: "WhatsApp", note: "Opens WhatsApp with a message ready to send.", icon: MessageCircle, isExternal: true },
    phone: {
      name: "Phone",
      note: contacts.whatsapp ? "If no one can pick up, send a WhatsApp message or use the form." : "If no one can pick up, use the support form.",
      icon: Phone,
    },
  };
  const methods = supportChannelLinks(context, contacts).map((link) => ({ ...link, ...channels[link.channel] }));
  if (methods.length === 0 && !offerForm) return null;
  const hasOrderDetails = Boolean(context.packageName || context.platform || context.amount);

  return (
    <section aria-labelledby="contact-methods-heading" className="rounded-2xl border bg-card p-6 shadow-sm">
      <h2 id="contact-methods-heading" className="text-lg font-bold">
        Other ways to reach us
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Write any time, day or night. We aim to reply within 24 hours.</p>
      <ul className="mt-5 grid gap-3">
        {methods.map(({ channel, name, href, value, note, icon, isExternal }) => (
          <li key={channel}>
            <a href={href} {...(isExternal ? { target: "_blank", rel: "noopener noreferrer" } : {})} className={methodClass}>
              <MethodText name={name} value={value} note={note} icon={icon} isExternal={isExternal} />
            </a>
          </li>
        ))}
        {offerForm ? (
          <li>
            <Link to={supportFormHref(context)} className={methodClass}>
              <MethodText name="Support form" value="Send us a message" note="We answer by e-mail." icon={Headset} />
            </Link>
          </li>
        ) : null}
      </ul>
      {hasOrderDetails && methods.length > 0 ? (
        <div className="mt-5 rounded-lg bg-muted p-3 text-sm">
          <p className="font-semibold">These messages mention your order:</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {context.packageName ? <DetailRow term="Package" value={context.packageName} /> : null}
            {context.platform ? <DetailRow term="Platform" value={context.platform} /> : null}
            {context.amount ? <DetailRow term="Amount" value={context.amount} /> : null}
          </dl>
        </div>
      ) : null}
    </section>
  );
}

const methodClass = "group flex gap-3 rounded-lg border p-3 transition-colors hover:border-primary/50 hover:bg-accent focus-ring";

function MethodText({ name, value, note, icon: Icon, isExternal }: { name: string; value: string; note: string; icon: Icon; isExternal?: boolean }) {
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="grid min-w-0 gap-0.5">
        <span className="text-sm font-semibold">
          {name}
          {isExternal ? <span className="sr-only"> (opens in a new tab)</span> : null}
        </span>
        <span className="break-words text-sm text-primary group-hover:underline">{value}</span>
        <span className="text-xs text-muted-foreground">{note}</span>
      </span>
    </>
  );
}

function DetailRow({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
}
