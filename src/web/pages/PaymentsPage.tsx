import { pixMessages as m } from '@shared/pix-messages';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import { BalanceCards } from '@web/features/payments/BalanceCards';
import { HistoryPanel } from '@web/features/payments/HistoryPanel';
import { PayoutIdentitySection } from '@web/features/payments/PayoutIdentitySection';
import { PixKeysPanel } from '@web/features/payments/PixKeysPanel';
import { MyPayoutsPanel } from '@web/features/payouts/MyPayoutsPanel';
import { useMyReputation } from '@web/features/reputation/api';
import { SealPill } from '@web/features/reputation/SealBadges';
import { cn } from '@web/lib/cn';
import { accountPageClass } from '@web/shell/account-page';
import { PageFallback } from '@web/shell/PageFallback';
import { History, KeyRound, Send } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';

const guestNotice = { title: 'Acesso negado', description: m.loginRequired };
const tabs = [
  { value: 'chaves', label: 'Chaves PIX', icon: KeyRound },
  { value: 'historico', label: 'Histórico', icon: History },
  { value: 'repasses', label: 'Repasses', icon: Send },
] as const;
type Tab = (typeof tabs)[number]['value'];

/**
 * '/pagamentos': balances, PIX keys and the history of the user's money, with the member's tier seal (the spec's
 * level label, BRONZE) when they have earned one (decision 016): no label rather than a made-up one.
 */
/** The highest tier seal held (Bronze, Prata or Ouro), linked to its page. */
function TierSeal() {
  const mine = useMyReputation(true);
  const tier = mine.data?.seals.find((seal) => seal === 'bronze' || seal === 'prata' || seal === 'ouro');
  return tier ? <SealPill seal={tier} linked /> : null;
}

export default function PaymentsPage() {
  const me = useSignedIn(guestNotice);
  const [params, setParams] = useSearchParams();
  const asked = params.get('aba');
  const tab: Tab = asked === 'historico' || asked === 'repasses' ? asked : 'chaves';

  if (!me.data) return <PageFallback />;

  return (
    <div className={cn(accountPageClass, 'gap-6')}>
      <title>Pagamentos | Mercado Gamer</title>
      <header>
        <p className="text-xs font-semibold uppercase tracking-widest text-accent">Minha conta</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">Pagamentos</h1>
          <TierSeal />
        </div>
        <p className="mt-1 text-sm text-muted">
          Suas chaves PIX para recebimentos e o histórico das suas negociações.
        </p>
      </header>

      <BalanceCards />

      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams(value === 'chaves' ? {} : { aba: value }, { replace: true })}
        className="flex flex-col gap-5"
      >
        <Tabs.List aria-label="Pagamentos" className="flex gap-2 border-b border-line">
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
        <Tabs.Content value="chaves" className="flex flex-col gap-6 focus-visible:outline-none">
          {/* Issue 36: who the payouts go to, above the keys they go through. */}
          <PayoutIdentitySection />
          <PixKeysPanel />
        </Tabs.Content>
        <Tabs.Content value="historico" className="focus-visible:outline-none">
          <HistoryPanel />
        </Tabs.Content>
        <Tabs.Content value="repasses" className="focus-visible:outline-none">
          <MyPayoutsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
