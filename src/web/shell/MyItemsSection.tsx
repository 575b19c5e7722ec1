import { paths } from '@shared/paths';
import { DropdownMenuGroup, DropdownMenuItem, DropdownMenuLabel } from '@web/components/ui/dropdown-menu';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMyListings } from '@web/features/listings/api';
import { ListingThumb } from '@web/features/listings/mine/ListingThumb';
import { priceLabel } from '@web/lib/format';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';

const LATEST = 3;

/** 'Meus Itens' in the user menu: how many active listings the user has and the latest three. */
export function MyItemsSection() {
  const mine = useMyListings(LATEST);

  return (
    <DropdownMenuGroup aria-labelledby="meus-itens" className="mb-1.5">
      <DropdownMenuLabel id="meus-itens" className="flex items-center justify-between">
        Meus Itens
        {mine.data && (
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-[0.7rem] tracking-normal text-accent">
            {mine.data.total}
          </span>
        )}
      </DropdownMenuLabel>

      {mine.isPending &&
        [0, 1].map((n) => (
          <div key={n} className="flex items-center gap-2.5 px-2.5 py-1.5">
            <Skeleton className="size-10 rounded-lg" />
            <Skeleton className="h-4 flex-1 rounded-md" />
          </div>
        ))}

      {mine.isError && (
        <p className="px-2.5 py-1.5 text-xs text-muted">Não foi possível carregar seus itens.</p>
      )}

      {mine.data?.items.map((item) => (
        <DropdownMenuItem key={item.id} asChild>
          <Link to={paths.listing(item.id)} className="py-1.5!">
            <ListingThumb image={item.image} className="size-10 [&_svg]:size-4!" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm text-fg">{item.title}</span>
              <span className="block text-xs font-semibold text-accent">{priceLabel(item.priceCents)}</span>
            </span>
          </Link>
        </DropdownMenuItem>
      ))}

      {mine.data?.items.length === 0 && (
        <div className="flex flex-col items-center gap-2 px-2.5 py-3 text-center">
          <p className="text-sm text-muted">Nenhum item publicado</p>
          <DropdownMenuItem
            asChild
            className="justify-center border border-accent/50 text-accent! data-highlighted:bg-accent-soft"
          >
            <Link to={paths.publish}>
              <Plus aria-hidden />
              Publicar primeiro item
            </Link>
          </DropdownMenuItem>
        </div>
      )}
    </DropdownMenuGroup>
  );
}
