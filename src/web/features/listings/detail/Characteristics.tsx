import { kindLabel } from '@shared/listing-kinds';
import type { ListingDetail } from '@shared/listings';
import { paths } from '@shared/paths';
import { formatCount, formatDate } from '@web/lib/format';
import { CalendarDays, Eye, Gamepad2, type LucideIcon, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Game, category, publication date and counted views. */
export function Characteristics({ listing }: { listing: ListingDetail }) {
  return (
    <section aria-labelledby="caracteristicas-titulo">
      <h2 id="caracteristicas-titulo" className="sr-only">
        Características
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        <Item icon={Gamepad2} term="Jogo">
          <Link to={paths.category(listing.game.slug)} className="hover:text-accent">
            {listing.game.name}
          </Link>
        </Item>
        <Item icon={Tag} term="Categoria">
          {kindLabel(listing.kind)}
        </Item>
        <Item icon={CalendarDays} term="Publicado em">
          {formatDate(listing.createdAt) || '—'}
        </Item>
        <Item icon={Eye} term="Visualizações">
          {formatCount(listing.views)}
        </Item>
      </dl>
    </section>
  );
}

function Item({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-line bg-surface p-3">
      <dt className="flex items-center gap-1.5 text-xs text-subtle">
        <Icon aria-hidden className="size-3.5 shrink-0 text-accent" />
        {term}
      </dt>
      <dd className="truncate text-sm font-semibold text-fg">{children}</dd>
    </div>
  );
}
