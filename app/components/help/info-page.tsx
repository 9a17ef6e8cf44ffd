import type { ReactNode } from "react";
import { Link } from "react-router";

// The shape of the public information pages (/help, /terms, /privacy, /contact): one h1, an
// introduction, then sections with an h2 each (h3 below them), readable on a 360 px phone.

export const textLinkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

export function InfoPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto grid max-w-3xl gap-8">
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <p className="text-gray-700">{intro}</p>
      </header>
      {children}
    </article>
  );
}

/** A section with its anchor (the table of contents links to `#id`). */
export function InfoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-6 gap-3 leading-relaxed text-gray-700">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function InfoSubheading({ children }: { children: ReactNode }) {
  return <h3 className="mt-2 font-semibold text-gray-900">{children}</h3>;
}

export function InfoList({ children }: { children: ReactNode }) {
  return <ul className="grid list-disc gap-1.5 pl-5">{children}</ul>;
}

export type TocEntry = { id: string; title: string };

/** "On this page": in-page links to the sections, plain anchors (no JavaScript needed). */
export function TableOfContents({ entries }: { entries: readonly TocEntry[] }) {
  return (
    <nav aria-labelledby="toc-title" className="rounded-lg border border-gray-200 bg-gray-50 p-4">
      <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wide text-gray-600">
        On this page
      </h2>
      <ol className="mt-2 space-y-1.5 sm:columns-2">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} className={textLinkClass}>
              {entry.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The public information pages, in the order they link to each other. */
export const INFO_PAGES = [
  { to: "/help", label: "Help" },
  { to: "/terms", label: "Terms of Use" },
  { to: "/privacy", label: "Privacy" },
  { to: "/contact", label: "Contact" },
] as const;

/** The other information pages, at the end of one of them. */
export function SeeAlso({ current }: { current: (typeof INFO_PAGES)[number]["to"] }) {
  return (
    <p className="border-t border-gray-200 pt-4 text-sm text-gray-600">
      See also:{" "}
      {INFO_PAGES.filter((page) => page.to !== current).map((page, i) => (
        <span key={page.to}>
          {i > 0 ? " · " : null}
          <Link to={page.to} className={textLinkClass}>
            {page.label}
          </Link>
        </span>
      ))}
    </p>
  );
}
