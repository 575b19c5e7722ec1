import { listingMessages as m } from '@shared/listing-messages';
import { paths } from '@shared/paths';
import { ButtonLink } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import { useOwnListing } from '@web/features/listings/api';
import { codeStates, useVault } from '@web/features/listings/codes/api';
import { ExportCodesButton } from '@web/features/listings/codes/ExportCodesButton';
import { ImportCodesForm } from '@web/features/listings/codes/ImportCodesForm';
import { VaultCounts } from '@web/features/listings/codes/VaultCounts';
import { VaultList } from '@web/features/listings/codes/VaultList';
import { isApiError } from '@web/lib/api';
import { oneOf, useListParams } from '@web/lib/list-params';
import { accountPageClass } from '@web/shell/account-page';
import { PageFallback } from '@web/shell/PageFallback';
import { ArrowLeft, Lock, PackageX, PauseCircle, Pencil, Zap } from 'lucide-react';
import { useParams } from 'react-router';

/**
 * '/listing/:id/codigos' (issue 37): the seller's vault of an instant-delivery listing. The counts by state, the
 * import (pasted or a file, answered line by line), the codes masked with their trades, and the export. At zero
 * available codes the listing is paused, and this page says so first.
 */
export default function ListingCodesPage() {
  const id = Number(useParams().id);
  const me = useSignedIn();
  const listing = useOwnListing(id, Boolean(me.data));
  const list = useListParams<'estado'>();
  const state = oneOf(codeStates, list.get('estado'));
  const vault = useVault(id, state, list.page);

  if (!me.data) return <PageFallback />;
  const failed = listing.error ?? (vault.isError && !vault.data ? vault.error : null);
  if (!Number.isInteger(id) || failed) {
    const forbidden = isApiError(failed) && failed.status === 403;
    return <Problem forbidden={forbidden} message={forbidden ? m.editForbidden : m.notFound} />;
  }
  if (!listing.data) return <PageFallback />;

  const counts = vault.data?.counts;
  const notInstant = 'instantDelivery' in listing.data && listing.data.instantDelivery !== true;

  return (
    <div className={`${accountPageClass} gap-6`}>
      <title>{`Códigos de ${listing.data.title} | Mercado Gamer`}</title>
      <header className="flex flex-col gap-3">
        <ButtonLink to={paths.listing(id)} variant="ghost" size="sm" className="self-start">
          <ArrowLeft aria-hidden />
          Voltar ao anúncio
        </ButtonLink>
        {/* Stacked on a phone: beside the buttons, the title would be squeezed to a letter a line. */}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-widest text-accent">
              <Zap aria-hidden className="size-3.5" />
              Entrega automática
            </p>
            <h1 className="mt-1 font-display text-2xl font-bold tracking-wide break-words text-fg sm:text-3xl">
              Códigos do anúncio
            </h1>
            <p className="mt-1 text-sm break-words text-muted">{listing.data.title}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={paths.editListing(id)} variant="ghost">
              <Pencil aria-hidden />
              Editar anúncio
            </ButtonLink>
            {counts && (
              <ExportCodesButton
                listingId={id}
                available={counts.available}
                confirmWith={vault.data?.confirmWith}
              />
            )}
          </div>
        </div>
      </header>

      {notInstant && (
        <p className="rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm text-fg">
          Este anúncio não está com a entrega automática ligada: os códigos só são enviados depois que você a
          ativar em <strong>Editar anúncio</strong>.
        </p>
      )}

      {counts ? (
        <>
          {vault.data?.pausedByStaff ? (
            <div
              role="status"
              className="flex items-start gap-3 rounded-xl border border-danger/40 bg-danger/5 p-4"
            >
              <PauseCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
              <div>
                <p className="font-semibold text-fg">Anúncio pausado pela equipe</p>
                <p className="mt-0.5 text-sm text-muted">
                  Ele não aparece no marketplace nem aceita compras até a equipe reativá-lo, mesmo com novos
                  códigos. O motivo está nas suas notificações; fale com o suporte para revisar a decisão.
                </p>
              </div>
            </div>
          ) : (
            counts.available === 0 && (
              <div
                role="status"
                className="flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4"
              >
                <PauseCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
                <div>
                  <p className="font-semibold text-fg">Anúncio pausado: sem códigos disponíveis</p>
                  <p className="mt-0.5 text-sm text-muted">
                    Ele não aparece no marketplace nem aceita compras até você adicionar códigos. Assim que
                    houver estoque, volta sozinho.
                  </p>
                </div>
              </div>
            )
          )}
          <VaultCounts counts={counts} />
        </>
      ) : (
        <Skeleton className="h-24 rounded-xl" />
      )}

      <ImportCodesForm listingId={id} />

      <VaultList
        listingId={id}
        vault={vault}
        state={state}
        onStateChange={(next) => list.set('estado', next)}
        pageHref={list.pageHref}
      />
    </div>
  );
}

function Problem({ forbidden, message }: { forbidden: boolean; message: string }) {
  const Icon = forbidden ? Lock : PackageX;
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <title>{`${message} | Mercado Gamer`}</title>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-surface-3 text-muted">
        <Icon aria-hidden className="size-7" />
      </span>
      <h1 className="mt-5 font-display text-xl font-bold text-fg sm:text-2xl">{message}</h1>
      <ButtonLink to={paths.profile} className="mt-6">
        Ver minhas publicações
      </ButtonLink>
    </div>
  );
}
