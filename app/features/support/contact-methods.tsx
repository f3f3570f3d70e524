import { Mail, MessageCircle, Phone } from "~/components/page-icons";
import type { ComponentType, SVGProps } from "react";
import { supportContact } from "./contact-details";
import { buildSupportLinks, type SupportLinkContext } from "./support-links";

/**
 * E-mail, WhatsApp and phone (SPEC §1), each link prefilled with the page's address and, when the
 * page was opened from an order, its package, platform and amount.
 */
export function ContactMethods({ context }: { context: SupportLinkContext }) {
  const links = buildSupportLinks(context);
  const hasOrderDetails = Boolean(context.packageName || context.platform || context.amount);
  const methods: { name: string; href: string; value: string; note: string; icon: ComponentType<SVGProps<SVGSVGElement>>; isExternal?: boolean }[] = [
    { name: "Email", href: links.email, value: supportContact.email, note: "Opens your mail app with a message ready to finish.", icon: Mail },
    {
      name: "WhatsApp",
      href: links.whatsapp,
      value: supportContact.phoneDisplay,
      note: "Opens WhatsApp with a message ready to send.",
      icon: MessageCircle,
      isExternal: true,
    },
    { name: "Phone", href: links.phone, value: supportContact.phoneDisplay, note: "If no one can pick up, send a WhatsApp message or use the form.", icon: Phone },
  ];

  return (
    <section aria-labelledby="contact-methods-heading" className="rounded-2xl border bg-card p-6 shadow-sm">
      <h2 id="contact-methods-heading" className="text-lg font-bold">
        Other ways to reach us
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Write any time, day or night. We aim to reply within 24 hours.</p>
      <ul className="mt-5 grid gap-3">
        {methods.map(({ name, href, value, note, icon: Icon, isExternal }) => (
          <li key={name}>
            <a
              href={href}
              {...(isExternal ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className="group flex gap-3 rounded-lg border p-3 transition-colors hover:border-primary/50 hover:bg-accent focus-ring"
            >
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
            </a>
          </li>
        ))}
      </ul>
      {hasOrderDetails ? (
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

function DetailRow({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
}
