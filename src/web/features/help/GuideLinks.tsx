import { paths } from '@shared/paths';
import { ChevronRight, FileText, type LucideIcon, ShieldCheck, ShoppingBag, Store } from 'lucide-react';
import { Link } from 'react-router';

const guides: readonly { to: string; title: string; text: string; icon: LucideIcon }[] = [
  {
    to: `${paths.marketplaceGuide}#vendedores`,
    title: 'Guia do vendedor',
    text: 'Anúncios que vendem, prazos de cada etapa e como receber.',
    icon: Store,
  },
  {
    to: `${paths.marketplaceGuide}#compradores`,
    title: 'Guia do comprador',
    text: 'Como escolher um vendedor confiável e comprar com proteção.',
    icon: ShoppingBag,
  },
  {
    to: paths.security,
    title: 'Segurança',
    text: 'Golpes comuns, como proteger sua conta e o bug bounty.',
    icon: ShieldCheck,
  },
  {
    to: paths.salesPolicies,
    title: 'Políticas',
    text: 'O que pode ser vendido, taxas e penalidades.',
    icon: FileText,
  },
];

/** The guides of the help center (part 2 §2): seller, buyer, security and policies. */
export function GuideLinks() {
  return (
    <ul aria-label="Guias" className="grid gap-3 sm:grid-cols-2">
      {guides.map(({ to, title, text, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            className="group flex h-full items-center gap-4 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-accent/50 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
              <Icon aria-hidden className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-semibold text-fg">{title}</span>
              <span className="mt-0.5 block text-sm text-muted">{text}</span>
            </span>
            <ChevronRight
              aria-hidden
              className="size-4 shrink-0 text-subtle transition-transform group-hover:translate-x-0.5 group-hover:text-accent"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}
