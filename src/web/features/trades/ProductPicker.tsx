import { MAX_PAGE_SIZE } from '@shared/listing-constants';
import { listingMessages } from '@shared/listing-messages';
import type { ListingCard } from '@shared/listings';
import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { tradeMessages as m } from '@shared/trade-messages';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { SearchField } from '@web/components/ui/search-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { useErrorToast } from '@web/components/useErrorToast';
import { useListing, useListingPages } from '@web/features/listings/api';
import { ListingPhoto } from '@web/features/listings/browse/ListingPhoto';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { PackageSearch, ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStartTrade } from './api';
import { filterProducts } from './product-filter';

/**
 * The start screen: choose an active marketplace product (not one's own), then 'Iniciar Intermediação' opens the
 * trade and goes to its room. `preselected` comes from '?listing={id}'.
 */
export function ProductPicker({ viewerId, preselected }: { viewerId: string; preselected: number | null }) {
  const id = useId();
  const navigate = useNavigate();
  const pages = useListingPages({ sort: 'recent', pageSize: MAX_PAGE_SIZE }, 1);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | null>(preselected);
  const start = useStartTrade();
  useErrorToast(pages.error);

  const loaded = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  // A product named in the address but beyond the loaded pages is fetched on its own.
  const missing = preselected !== null && pages.data && !loaded.some((item) => item.id === preselected);
  const extra = useListing(missing ? preselected : null);
  const all = useMemo(() => {
    const items = extra.data?.status === 'active' ? [extra.data, ...loaded] : loaded;
    return items.filter((item) => item.seller.id !== viewerId && item.quantity > 0);
  }, [extra.data, loaded, viewerId]);
  const shown = filterProducts(all, search);
  const selected = all.find((item) => item.id === chosen) ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) {
      toast.error(m.productRequiredTitle, { description: m.productRequired });
      return;
    }
    start.mutate(selected.id, {
      onSuccess: ({ id: tradeId }) => {
        toast.success(m.started, { description: selected.title });
        navigate(paths.trade(tradeId));
      },
      onError: (error) =>
        toast.error(m.startFailedTitle, {
          description: isApiError(error) && error.isClientError ? error.message : m.startFailed,
        }),
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id={`${id}-title`} className="font-display text-lg font-semibold tracking-wide text-fg">
        Nova intermediação
      </h2>
      <p className="mt-1 text-sm text-muted">
        Escolha o produto do marketplace. O vendedor confirma o valor, você paga por PIX e o dinheiro fica
        retido até você confirmar a entrega.
      </p>

      <SearchField
        className="mt-5"
        label="Buscar produto"
        inputLabel="Buscar por título, vendedor ou jogo"
        placeholder="Buscar por título, vendedor ou jogo"
        clearLabel="Limpar busca"
        onInput={setSearch}
      />

      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <fieldset className="min-w-0">
          <legend className="sr-only">Produto</legend>
          {pages.isPending ? (
            <div className="flex flex-col gap-2" role="status" aria-label="Carregando produtos">
              {[0, 1, 2, 3].map((n) => (
                <Skeleton key={n} className="h-18 rounded-xl" />
              ))}
            </div>
          ) : pages.isError ? (
            <LoadError
              title={listingMessages.productsFailed}
              message={pages.error.message}
              onRetry={() => pages.refetch()}
              retrying={pages.isFetching}
            />
          ) : shown.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line px-6 py-10 text-center">
              <PackageSearch aria-hidden className="size-8 text-subtle" />
              <p className="font-medium text-fg">{listingMessages.noProductsTitle}</p>
              <p className="text-sm text-muted">
                {all.length === 0 ? listingMessages.noProducts : 'Tente outro título, vendedor ou jogo.'}
              </p>
            </div>
          ) : (
            <ul className="flex max-h-[26rem] flex-col gap-2 overflow-y-auto p-0.5 pr-1">
              {shown.map((item) => (
                <li key={item.id}>
                  <ProductOption
                    item={item}
                    name={`${id}-product`}
                    checked={chosen === item.id}
                    onChoose={() => setChosen(item.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {pages.hasNextPage && (
          <Button
            variant="ghost"
            className="self-center"
            busy={pages.isFetchingNextPage}
            onClick={() => pages.fetchNextPage()}
          >
            Carregar mais produtos
          </Button>
        )}

        <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted" aria-live="polite">
            {selected ? (
              <>
                Selecionado: <strong className="text-fg">{selected.title}</strong> ·{' '}
                {formatPrice(selected.priceCents)}
              </>
            ) : (
              'Nenhum produto selecionado.'
            )}
          </p>
          <Button type="submit" size="lg" busy={start.isPending}>
            {!start.isPending && <ShieldCheck aria-hidden />}
            Iniciar Intermediação
          </Button>
        </div>
      </form>
    </section>
  );
}

function ProductOption({
  item,
  name,
  checked,
  onChoose,
}: {
  item: ListingCard;
  name: string;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-xl border p-2.5 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent',
        checked
          ? 'border-accent/60 bg-accent-soft'
          : 'border-line bg-surface-2 hover:border-line-strong hover:bg-surface-3',
      )}
    >
      <input
        type="radio"
        name={name}
        value={item.id}
        checked={checked}
        onChange={onChoose}
        className="size-4 shrink-0 accent-(--color-accent)"
      />
      <span aria-hidden className="shrink-0">
        <ListingPhoto image={item.image} sizes="56px" className="size-14 rounded-lg" />
      </span>
      {/* The whole title, wrapped: at 390px a cut one ('5.600 Diaman…') hides what is being bought. */}
      <span className="min-w-0 flex-1">
        <span className="block text-sm leading-snug font-semibold break-words text-fg">{item.title}</span>
        <span className="mt-0.5 block text-xs break-words text-muted">
          {item.game.name} · por {item.seller.username}
        </span>
      </span>
      <span className="shrink-0 text-sm font-bold whitespace-nowrap text-accent">
        {formatPrice(item.priceCents)}
      </span>
    </label>
  );
}
