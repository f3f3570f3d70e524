import type { ReactNode } from "react";
import { ContentPage } from "~/components/content-page";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Terms and privacy: a dated document with a contents list and numbered sections. */
export function LegalDocument({ id, title, lead, lastUpdated, sections }: {
  id: string;
  title: string;
  lead: string;
  lastUpdated: { iso: string; text: string };
  sections: LegalSection[];
}) {
  return (
    <ContentPage
      eyebrow="Legal"
      title={title}
      lead={
        <>
          <p>{lead}</p>
          <p className="mt-2 text-sm">
            Last updated: <time dateTime={lastUpdated.iso}>{lastUpdated.text}</time>
          </p>
        </>
      }
    >
      <nav aria-labelledby={`${id}-contents`} className="rounded-lg border bg-card p-5 text-sm">
        <h2 id={`${id}-contents`} className="text-base! font-semibold">
          Contents
        </h2>
        <ol className="mt-2 list-decimal gap-x-8 pl-5 sm:columns-2 [&_li]:mt-0! [&_li]:break-inside-avoid [&_li]:pb-1.5">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
          <h2 id={`${section.id}-heading`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </ContentPage>
  );
}
