import { POLICIES_UPDATED_AT } from '@shared/policies';
import { cn } from '@web/lib/cn';
import { formatCalendarDay } from '@web/lib/format';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';

export interface PolicySection {
  /** The anchor: `/termos-uso#elegibilidade`. */
  id: string;
  title: string;
  body: ReactNode;
}

interface PolicyPageProps {
  /** The h1. */
  title: string;
  /** The tab's title, from @shared/page-meta (the server sends the same one). */
  documentTitle: string;
  /** A line above the h1 naming the kind of page ('Políticas', 'Guias'). */
  eyebrow: string;
  lead: ReactNode;
  sections: readonly PolicySection[];
  /** Omitted on pages that are not a policy (the guide has no legal date). */
  updatedAt?: string | null;
  /** After the sections: links onwards. */
  children?: ReactNode;
}

/**
 * The shell of the long-form pages (terms, privacy, about, sales policies, security, guide): title, last
 * change, a table of contents with anchors, then the sections at a reading width of about 72 characters.
 */
export function PolicyPage({
  title,
  documentTitle,
  eyebrow,
  lead,
  sections,
  updatedAt = POLICIES_UPDATED_AT,
  children,
}: PolicyPageProps) {
  useScrollToHash();

  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <title>{documentTitle}</title>

      <header className="max-w-[72ch] border-b border-line pb-8">
        <p className="text-sm font-medium text-accent">{eyebrow}</p>
        <h1 className="mt-2 font-display text-3xl leading-tight font-bold tracking-wide text-fg sm:text-4xl">
          {title}
        </h1>
        <div className="mt-4 text-base leading-7 text-muted">{lead}</div>
        {updatedAt && (
          <p className="mt-4 text-xs text-subtle">
            Última atualização: <time dateTime={updatedAt}>{formatCalendarDay(updatedAt)}</time>
          </p>
        )}
      </header>

      <div className="mt-8 grid gap-8 xl:grid-cols-[minmax(0,72ch)_15rem] xl:gap-12">
        <nav
          aria-labelledby="nesta-pagina"
          className="rounded-xl border border-line bg-surface p-4 xl:sticky xl:top-24 xl:order-last xl:self-start"
        >
          <h2 id="nesta-pagina" className="text-xs font-semibold tracking-wider text-subtle uppercase">
            Nesta página
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex gap-2 rounded-md px-2 py-1.5 text-muted transition-colors hover:bg-surface-3 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <span aria-hidden className="w-5 shrink-0 text-subtle tabular-nums">
                    {index + 1}.
                  </span>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 max-w-[72ch]">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-titulo`}
              tabIndex={-1}
              className={cn('scroll-mt-32 focus:outline-none lg:scroll-mt-24', index > 0 && 'mt-10')}
            >
              <h2
                id={`${section.id}-titulo`}
                className="font-display text-xl font-semibold text-fg sm:text-2xl"
              >
                <span aria-hidden className="mr-2 text-accent">
                  {index + 1}.
                </span>
                {section.title}
              </h2>
              <Prose className="mt-3">{section.body}</Prose>
            </section>
          ))}
          {children}
        </div>
      </div>
    </article>
  );
}

/** Running text: paragraphs, lists, links and tables, readable on the dark theme. */
export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'text-[0.975rem] leading-7 text-fg/85',
        '[&_p+p]:mt-4 [&_p+ul]:mt-3 [&_ul+p]:mt-4 [&_ol+p]:mt-4 [&_p+ol]:mt-3 [&_p+table]:mt-4 [&_table+p]:mt-4',
        '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5',
        '[&_li]:pl-1 [&_li::marker]:text-accent [&_strong]:font-semibold [&_strong]:text-fg',
        '[&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:decoration-accent/40 [&_a]:underline-offset-4 [&_a:hover]:decoration-accent',
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * Arriving from another page at `/guia-marketplace#vendedores`, the section is not on the page yet when the
 * browser looks for it: scroll to it once it is, after the shell's scroll to the top.
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
