import { pageMeta } from '@shared/page-meta';
import { PartnershipForm } from '@web/features/support/PartnershipForm';

const partnerTypes = [
  [
    'Criadores de conteúdo',
    'Streamers e youtubers de games: link de divulgação, destaque na home e comissão por venda.',
  ],
  [
    'Organizações de esports',
    'Times e ligas: patrocínio de campeonatos, loja oficial do time e selo verificado.',
  ],
  ['Empresas', 'Marcas e lojas do mundo gamer: ações conjuntas, cupons e integração com o marketplace.'],
] as const;

const benefits = [
  'Intermediação protegida para a sua audiência',
  'Atendimento dedicado da nossa equipe',
  'Visibilidade para milhares de gamers brasileiros',
  'Relatórios de desempenho da parceria',
] as const;

/** '/parcerias' (part 2 §2 'Partnerships'): partner types, benefits, placeholder logos and the request form. */
export default function PartnershipsPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <title>{pageMeta['/parcerias'].title}</title>
      <header className="max-w-[72ch]">
        <p className="text-sm font-medium text-accent">Parcerias</p>
        <h1 className="mt-2 font-display text-3xl leading-tight font-bold tracking-wide text-fg sm:text-4xl">
          Seja nosso parceiro
        </h1>
        <p className="mt-4 text-base leading-7 text-muted">
          Criadores, organizações e empresas que querem crescer junto com a comunidade gamer do Brasil.
        </p>
      </header>

      <section aria-labelledby="tipos-titulo" className="mt-12">
        <h2 id="tipos-titulo" className="mb-5 font-display text-xl font-semibold text-fg sm:text-2xl">
          Tipos de parceria
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {partnerTypes.map(([title, text]) => (
            <li key={title} className="rounded-xl border border-line bg-surface p-5">
              <h3 className="font-semibold text-fg">{title}</h3>
              <p className="mt-2 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="beneficios-titulo" className="mt-12">
        <h2 id="beneficios-titulo" className="mb-5 font-display text-xl font-semibold text-fg sm:text-2xl">
          Benefícios
        </h2>
        <ul className="grid list-disc gap-2 pl-5 text-muted sm:grid-cols-2">
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="parceiros-titulo" className="mt-12">
        <h2 id="parceiros-titulo" className="mb-5 font-display text-xl font-semibold text-fg sm:text-2xl">
          Quem já está com a gente
        </h2>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {['Parceiro 1', 'Parceiro 2', 'Parceiro 3', 'Parceiro 4'].map((name) => (
            <li
              key={name}
              className="flex h-20 items-center justify-center rounded-xl border border-dashed border-line text-sm text-muted"
            >
              {name}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="proposta-titulo" className="mt-12">
        <h2 id="proposta-titulo" className="mb-5 font-display text-xl font-semibold text-fg sm:text-2xl">
          Envie sua proposta
        </h2>
        <PartnershipForm />
      </section>
    </div>
  );
}
