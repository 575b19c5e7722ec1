import { pageMeta } from '@shared/page-meta';
import { tradeMessages as m } from '@shared/trade-messages';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import { ProductPicker } from '@web/features/trades/ProductPicker';
import { TradeList } from '@web/features/trades/TradeList';
import { PageFallback } from '@web/shell/PageFallback';
import { useSearchParams } from 'react-router';

const guestNotice = { title: 'Acesso negado', description: m.loginRequired };

/**
 * '/intermediacao': the user's own trades first (the open ones on top), then the picker to start a protected trade
 * on any product (and staff's desk). With '?listing={id}' the picker comes first: the member came to start one.
 */
export default function IntermediationPage() {
  const me = useSignedIn(guestNotice);
  const [params] = useSearchParams();
  const listing = params.get('listing');
  const preselected = listing && /^\d{1,9}$/.test(listing) ? Number(listing) : null;

  if (!me.data) return <PageFallback />;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <title>{pageMeta['/intermediacao'].title}</title>
      <header>
        <p className="text-xs font-semibold uppercase tracking-widest text-accent">Compra protegida</p>
        <h1 className="mt-1 font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">
          Intermediação
        </h1>
        <p className="mt-1 max-w-2xl text-sm text-muted">
          Um intermediador da equipe segura o pagamento até você confirmar que recebeu o produto. O vendedor
          só recebe depois da entrega.
        </p>
      </header>

      {preselected === null && <TradeList scope="mine" />}
      <ProductPicker key={preselected} viewerId={me.data.id} preselected={preselected} />
      {preselected !== null && <TradeList scope="mine" pickerAbove />}
      {me.data.role !== null && <TradeList scope="desk" />}
    </div>
  );
}
