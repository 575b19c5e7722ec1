import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { tradeMessages as m } from '@shared/trade-messages';
import { type TradeView, tradeRoleLabels } from '@shared/trades';
import { ButtonLink } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import { TradeReviewPanel } from '@web/features/reputation/TradeReviewPanel';
import { TradeCall } from '@web/features/trade-call/TradeCall';
import { TradeChat } from '@web/features/trade-chat/TradeChat';
import { TradeRecordings } from '@web/features/trade-recording/TradeRecordings';
import { useTrade } from '@web/features/trades/api';
import { TradeActions } from '@web/features/trades/TradeActions';
import { TradeGuide } from '@web/features/trades/TradeGuide';
import { TradeHistory } from '@web/features/trades/TradeHistory';
import { TradeNotices } from '@web/features/trades/TradeNotices';
import { TradeParties } from '@web/features/trades/TradeParties';
import { TradeRoomSkeleton } from '@web/features/trades/TradeRoomSkeleton';
import { TradeStateBadge } from '@web/features/trades/TradeStateBadge';
import { TradeSteps } from '@web/features/trades/TradeSteps';
import { isApiError } from '@web/lib/api';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';

const guestNotice = { title: 'Acesso negado', description: m.loginRequired };

/** '/intermediacao/:id': the room of one protected trade, for its buyer, its seller and staff. */
export default function TradeRoomPage() {
  const me = useSignedIn(guestNotice);
  const id = parseTradeId(useParams().id);
  const trade = useTrade(me.data ? id : null);
  const notFound = id === null || (isApiError(trade.error) && trade.error.status === 404);

  const loading = !me.data || (!notFound && !trade.data && !trade.isError);
  if (loading)
    return (
      <>
        <title>Intermediação | Mercado Gamer</title>
        <TradeRoomSkeleton />
      </>
    );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 lg:gap-6 lg:px-8 lg:py-10">
      <Link
        to={paths.intermediation}
        className="inline-flex items-center gap-1.5 self-start rounded text-sm text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Minhas intermediações
      </Link>
      {notFound ? (
        <TradeNotFound />
      ) : trade.data ? (
        <TradeRoom trade={trade.data} />
      ) : (
        <>
          <title>Intermediação | Mercado Gamer</title>
          <LoadError
            title="Não foi possível carregar a intermediação"
            message={isApiError(trade.error) ? trade.error.message : 'Tente novamente.'}
            onRetry={() => trade.refetch()}
            retrying={trade.isFetching}
          />
        </>
      )}
    </div>
  );
}

function TradeRoom({ trade }: { trade: TradeView }) {
  const title = trade.listing.title;
  return (
    <>
      <title>{`Intermediação ${title} | Mercado Gamer`}</title>
      <section
        aria-labelledby="sala-titulo"
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6"
      >
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-widest text-accent">
            Intermediação nº {trade.id} · você é {tradeRoleLabels[trade.viewerRole]}
          </p>
          {/* The eyebrow already says 'Intermediação': the title shows the listing, a screen reader hears both. */}
          <h1
            id="sala-titulo"
            className="mt-1 font-display text-lg font-bold tracking-wide break-words text-fg sm:text-2xl"
          >
            <span className="sr-only">Intermediação </span>
            {title}
          </h1>
          {trade.listing.id !== null && (
            <Link
              to={paths.listing(trade.listing.id)}
              className="mt-1 inline-block rounded text-sm text-muted underline-offset-2 hover:text-fg hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              Ver anúncio
            </Link>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 sm:flex-col sm:items-end">
          <p className="font-display text-xl font-bold text-accent sm:text-2xl">
            {formatPrice(trade.amountCents)}
          </p>
          <TradeStateBadge state={trade.state} />
        </div>
      </section>
      <TradeGuide trade={trade} />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <TradeNotices trade={trade} />
          <TradeActions trade={trade} />
          <TradeChat trade={trade} />
          <TradeHistory events={trade.events} />
          <TradeReviewPanel trade={trade} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-20">
          <TradeSteps steps={trade.steps} />
          <TradeParties trade={trade} />
          <TradeCall trade={trade} />
          <TradeRecordings tradeId={trade.id} />
        </div>
      </div>
    </>
  );
}

function TradeNotFound() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-6 py-16 text-center">
      <title>Intermediação não encontrada | Mercado Gamer</title>
      <SearchX aria-hidden className="size-10 text-subtle" />
      <h1 className="font-display text-xl font-bold tracking-wide text-fg">{m.notFound}</h1>
      <p className="text-sm text-muted">Confira o endereço ou volte para as suas intermediações.</p>
      <ButtonLink to={paths.intermediation} variant="secondary">
        Ver minhas intermediações
      </ButtonLink>
    </div>
  );
}

/** A positive integer id, or null for anything else. */
function parseTradeId(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
