import { pageMeta } from '@shared/page-meta';
import { ContactCards } from '@web/features/help/ContactCards';
import { FaqAccordion } from '@web/features/help/FaqAccordion';
import { GuideLinks } from '@web/features/help/GuideLinks';
import { TicketsSection } from '@web/features/support/TicketsSection';
import type { ReactNode } from 'react';

/** '/ajuda', the Central de Ajuda (part 2 §2 'Help center'): contact cards, support tickets, FAQ and guides. */
export default function HelpPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <title>{pageMeta['/ajuda'].title}</title>

      <header className="max-w-[72ch]">
        <p className="text-sm font-medium text-accent">Suporte</p>
        <h1 className="mt-2 font-display text-3xl leading-tight font-bold tracking-wide text-fg sm:text-4xl">
          Central de Ajuda
        </h1>
        <p className="mt-4 text-base leading-7 text-muted">
          Respostas rápidas sobre compras, vendas e intermediação, e os canais para falar com a equipe quando
          precisar.
        </p>
      </header>

      <Block id="contato" title="Fale com a gente">
        <ContactCards />
      </Block>

      <Block id="chamados" title="Abrir chamado">
        <TicketsSection />
      </Block>

      <Block id="perguntas" title="Perguntas frequentes">
        <FaqAccordion />
      </Block>

      <Block id="guias" title="Guias">
        <GuideLinks />
      </Block>
    </div>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className="mt-12 scroll-mt-32 lg:scroll-mt-24">
      <h2 id={`${id}-titulo`} className="mb-5 font-display text-xl font-semibold text-fg sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
