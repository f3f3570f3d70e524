import type { ReactNode } from "react";

/** Layout for text pages (about, cookies, and later terms and privacy): a title, a lead and readable sections. */
export function ContentPage({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b pb-8">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight">{title}</h1>
        <div className="mt-4 text-lg text-muted-foreground">{lead}</div>
      </header>
      <div className="space-y-10 pt-8 leading-7 [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_li]:mt-2 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}
