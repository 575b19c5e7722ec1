import { paths } from '@shared/paths';
import { ChevronRight, MessageCircle, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const rules = [
  'Respeite os outros jogadores: nada de ofensas ou discurso de ódio.',
  'Sem spam, propaganda ou links suspeitos.',
  'Negocie pelo marketplace com intermediação, nunca por fora.',
  'Viu algo errado? Use “Denunciar” no post.',
];

/** Beside the list on wide screens: the forum rules and the other community places. */
export function ForumAside() {
  return (
    <aside aria-label="Sobre a comunidade" className="hidden flex-col gap-4 lg:flex">
      <section className="rounded-2xl border border-line bg-surface p-5">
        <h2 className="flex items-center gap-2 text-sm font-semibold text-fg">
          <ShieldCheck aria-hidden className="size-4 text-accent" />
          Regras da comunidade
        </h2>
        <ul className="mt-3 flex flex-col gap-2.5 text-sm text-muted">
          {rules.map((rule) => (
            <li key={rule} className="flex gap-2">
              <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-accent/70" />
              {rule}
            </li>
          ))}
        </ul>
      </section>
      <nav aria-label="Mais da comunidade" className="rounded-2xl border border-line bg-surface p-2">
        <AsideLink
          to="/community-groups"
          icon={<Users aria-hidden className="size-4" />}
          label="Grupos WhatsApp"
        />
        <AsideLink
          to={paths.discord}
          icon={<MessageCircle aria-hidden className="size-4" />}
          label="Discord oficial"
        />
      </nav>
    </aside>
  );
}

function AsideLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-muted transition-colors hover:bg-surface-3 hover:text-fg"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-accent-soft text-accent">
        {icon}
      </span>
      <span className="flex-1">{label}</span>
      <ChevronRight aria-hidden className="size-4 text-subtle" />
    </Link>
  );
}
