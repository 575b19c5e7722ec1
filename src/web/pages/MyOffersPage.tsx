import { offerMessages as m } from '@shared/offer-messages';
import type { OfferBox } from '@shared/offers';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import { useMyOffers } from '@web/features/offers/api';
import { MyOffersList } from '@web/features/offers/MyOffersList';
import { cn } from '@web/lib/cn';
import { accountPageClass } from '@web/shell/account-page';
import { PageFallback } from '@web/shell/PageFallback';
import { Inbox, Send } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';

const guestNotice = {
  title: m.loginRequiredTitle,
  description: 'Você precisa estar logado para ver suas ofertas.',
};
const tabs = [
  { value: 'received', param: null, label: 'Recebidas', icon: Inbox },
  { value: 'sent', param: 'enviadas', label: 'Enviadas', icon: Send },
] as const;

/**
 * '/minhas-ofertas': offers received on the user's listings and offers they sent (?aba=enviadas, ?aba=recebidas).
 * Without a tab asked for, it opens on the one with offers: a buyer with none received sees the ones they sent.
 */
export default function MyOffersPage() {
  const me = useSignedIn(guestNotice);
  const [params, setParams] = useSearchParams();
  const asked = params.get('aba');
  const received = useMyOffers('received');
  const sent = useMyOffers('sent');
  const opening: OfferBox | null =
    received.data === undefined || sent.data === undefined
      ? received.isError || sent.isError
        ? 'received'
        : null
      : received.data.length === 0 && sent.data.length > 0
        ? 'sent'
        : 'received';
  const box: OfferBox =
    asked === 'enviadas' ? 'sent' : asked === 'recebidas' ? 'received' : (opening ?? 'received');

  if (!me.data || (asked === null && opening === null)) return <PageFallback />;

  return (
    <div className={cn(accountPageClass, 'gap-6')}>
      <title>Minhas Ofertas | Mercado Gamer</title>
      <header>
        <p className="text-xs font-semibold uppercase tracking-widest text-accent">Minha conta</p>
        <h1 className="mt-1 font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">
          Minhas Ofertas
        </h1>
        <p className="mt-1 text-sm text-muted">
          Responda às ofertas dos seus anúncios e acompanhe as que você fez.
        </p>
      </header>

      <Tabs.Root
        value={box}
        onValueChange={(value) =>
          setParams({ aba: value === 'sent' ? 'enviadas' : 'recebidas' }, { replace: true })
        }
        className="flex flex-col gap-5"
      >
        <Tabs.List aria-label="Ofertas" className="flex gap-2 border-b border-line">
          {tabs.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-muted transition-colors hover:text-fg data-[state=active]:border-accent data-[state=active]:text-accent"
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ value }) => (
          <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
            <MyOffersList box={value} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
