import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { payoutIdentityMessages as pim } from '@shared/payout-identity-messages';
import { plural } from '@shared/plural';
import { relativeTime } from '@shared/relative-time';
import type { DeskPayout } from '@shared/trades-desk';
import { useQueryClient } from '@tanstack/react-query';
import { ButtonLink } from '@web/components/ui/button';
import { ListPager } from '@web/components/ui/data-table';
import { EmptyState } from '@web/components/ui/query-state';
import { StaffTab } from '@web/components/ui/staff-tab';
import { StatusBadge } from '@web/components/ui/status-badge';
import { useMe } from '@web/features/accounts/api';
import { StaffPayoutIdentityText } from '@web/features/payments/StaffPayoutIdentityText';
import { AutomaticPayoutsPanel } from '@web/features/payouts/AutomaticPayoutsPanel';
import { payoutDeskKey } from '@web/features/payouts/api';
import { PayoutDetails, PayoutPanel, payoutOfDesk } from '@web/features/trades/PayoutPanel';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { useListParams } from '@web/lib/list-params';
import { toast } from '@web/lib/toast';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { payoutsExportHref, useDeskRefresh, usePayouts } from './api';

/**
 * Repasses (staff; admins pay): the payouts due, the oldest first. Each shows the exact amount after the trade's
 * fee and the key fixed on the trade when it became due — in full, with copy buttons, for admins; masked for
 * moderators. An admin sends the PIX in the bank, types the transfer's E2E id and confirms; the trade completes.
 */
export function PayoutsTab() {
  const list = useListParams();
  const payouts = usePayouts(list.page, list.search || undefined);
  const me = useMe();
  const admin = me.data?.role === 'admin';

  return (
    <StaffTab
      title="Repasses aos vendedores"
      search={{
        label: 'Buscar repasses',
        placeholder: 'Vendedor, e-mail, anúncio ou nº',
        value: list.search,
        onChange: list.setSearch,
      }}
      exportHref={payoutsExportHref(list.search || undefined)}
      description={
        admin
          ? 'Faça o PIX no banco para a chave mostrada, com o valor exato, e registre o ID da transação (E2E).'
          : 'Só administradores pagam repasses; a chave aparece mascarada para moderadores.'
      }
      query={payouts}
      loading="Carregando repasses..."
      errorTitle="Falha ao carregar os repasses"
      count={(data) =>
        `${plural(data.total, 'repasse pendente', 'repasses pendentes')}, o mais antigo primeiro`
      }
    >
      {(data) => (
        <>
          <AutomaticPayoutsPanel admin={admin} />
          {data.payouts.length === 0 ? (
            <EmptyState>Nenhum repasse pendente</EmptyState>
          ) : (
            <ul aria-label="Repasses pendentes" className="grid gap-3">
              {data.payouts.map((payout) => (
                <PayoutCard key={payout.id} payout={payout} admin={admin} />
              ))}
            </ul>
          )}
          <ListPager page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={list.pageHref} />
        </>
      )}
    </StaffTab>
  );
}

/**
 * A payout due: which trade, since when, and the payout panel the room shows too (admins pay there; moderators
 * read the key masked).
 */
function PayoutCard({ payout: p, admin }: { payout: DeskPayout; admin: boolean }) {
  const titleId = useId();
  const refresh = useDeskRefresh();
  const queryClient = useQueryClient();
  const payout = payoutOfDesk(p);

  return (
    <li
      aria-labelledby={titleId}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate font-semibold text-fg">
            #{p.id} · {p.listingTitle}
          </h3>
          <p className="text-xs text-muted">
            Vendedor {p.sellerName} · intermediador {p.intermediaryName ?? 'nenhum'}
          </p>
          {/* Issue 36: who the payout must reach (the PSP checks the key belongs to this document). */}
          <p className="mt-1 text-xs text-muted">
            {pim.staffTitle}: <StaffPayoutIdentityText identity={p.payoutIdentity} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {p.flagged && <StatusBadge label="Prazo vencido" tone="bad" />}
          <span className="text-xs text-muted">
            Devido{' '}
            <time dateTime={p.dueAt} title={formatDateTimeBrasilia(p.dueAt)}>
              {relativeTime(p.dueAt).replace(/^Agora mesmo$/, 'agora mesmo')}
            </time>
          </span>
        </div>
      </div>

      {admin ? (
        <PayoutPanel
          payout={payout}
          onPaid={() => {
            toast.success(`Repasse da negociação #${p.id} registrado.`, {
              description: `${formatPrice(p.payoutCents)} pagos a ${p.holderName ?? p.sellerName}.`,
            });
            void refresh();
            // The automatic payouts' counts and the day's totals above count it too.
            void queryClient.invalidateQueries({ queryKey: payoutDeskKey });
          }}
        />
      ) : (
        <PayoutDetails payout={payout} />
      )}

      <ButtonLink
        to={paths.trade(p.id)}
        size="sm"
        variant="ghost"
        className="justify-self-start"
        aria-label={`Abrir a sala da negociação #${p.id}`}
      >
        <ExternalLink aria-hidden />
        Sala
      </ButtonLink>
    </li>
  );
}
