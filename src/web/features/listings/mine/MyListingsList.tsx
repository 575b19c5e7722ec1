import type { MyListings } from '@shared/listings';
import { paths } from '@shared/paths';
import { ButtonLink } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDate, priceLabel } from '@web/lib/format';
import { Eye, KeyRound, PackageOpen, Pencil, Plus, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { useMyListings } from '../api';
import { instantDeliveryOf } from '../instant';
import { DeleteListingDialog } from './DeleteListingDialog';
import { ListingThumb } from './ListingThumb';

type MyListing = MyListings['items'][number];

/** 'Minhas Publicações': every active listing of the user, with view, edit and delete. */
export function MyListingsList() {
  const mine = useMyListings();

  return (
    <section aria-labelledby="minhas-publicacoes" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="minhas-publicacoes"
          className="flex items-center gap-2.5 font-display text-xl font-bold text-fg"
        >
          Minhas Publicações
          {mine.data && (
            <span className="rounded-full bg-accent-soft px-2.5 py-0.5 font-sans text-sm font-semibold text-accent">
              {mine.data.total}
            </span>
          )}
        </h2>
        {mine.data && mine.data.total > 0 && (
          <ButtonLink to={paths.publish} size="sm" variant="outline">
            <Plus aria-hidden />
            Publicar Produto
          </ButtonLink>
        )}
      </div>

      {mine.isPending && (
        <ul aria-busy="true" aria-label="Carregando publicações" className="flex flex-col gap-3">
          {[0, 1, 2].map((n) => (
            <li key={n}>
              <Skeleton className="h-24 rounded-xl" />
            </li>
          ))}
        </ul>
      )}

      {mine.isError && (
        <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
          Não foi possível carregar suas publicações.
        </p>
      )}

      {mine.data?.items.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line-strong px-6 py-12 text-center">
          <PackageOpen aria-hidden className="size-10 text-subtle" />
          <p className="font-semibold text-fg">Nenhum item publicado</p>
          <p className="max-w-sm text-sm text-muted">
            Anuncie itens, contas, moedas e skins para a comunidade gamer.
          </p>
          <ButtonLink to={paths.publish} className="mt-2">
            <Plus aria-hidden />
            Publicar primeiro item
          </ButtonLink>
        </div>
      )}

      {mine.data && mine.data.items.length > 0 && (
        <ul className="flex flex-col gap-3">
          {mine.data.items.map((listing) => (
            <MyListingRow key={listing.id} listing={listing} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MyListingRow({ listing }: { listing: MyListing }) {
  const date = formatDate(listing.createdAt);
  const instant = instantDeliveryOf(listing);
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 transition-colors hover:border-line-strong sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <ListingThumb image={listing.image} className="size-16 sm:size-20" />
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-fg">
            <Link to={paths.listing(listing.id)} className="hover:text-accent">
              {listing.title}
            </Link>
          </h3>
          <p className="mt-0.5 truncate text-xs text-muted">
            {listing.game.name}
            {date && <> · Publicado em {date}</>}
          </p>
          {instant && (
            <p className="mt-1 flex items-center gap-1 text-xs font-medium text-accent">
              <Zap aria-hidden className="size-3.5" />
              Entrega automática ·{' '}
              {listing.quantity > 0 ? `${listing.quantity} em estoque` : 'pausado, sem códigos'}
            </p>
          )}
          <p className="mt-1.5 font-display text-base font-bold text-accent">
            {priceLabel(listing.priceCents)}
          </p>
        </div>
      </div>
      <div className={`grid gap-2 sm:flex sm:shrink-0 ${instant ? 'grid-cols-2' : 'grid-cols-3'}`}>
        <ButtonLink to={paths.listing(listing.id)} variant="ghost" size="sm">
          <Eye aria-hidden />
          Visualizar
        </ButtonLink>
        <ButtonLink to={paths.editListing(listing.id)} variant="ghost" size="sm">
          <Pencil aria-hidden />
          Editar
        </ButtonLink>
        {instant && (
          <ButtonLink to={paths.listingCodes(listing.id)} variant="ghost" size="sm">
            <KeyRound aria-hidden />
            Códigos
          </ButtonLink>
        )}
        <DeleteListingDialog listing={listing} />
      </div>
    </li>
  );
}
