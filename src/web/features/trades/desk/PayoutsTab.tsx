import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { pixKeyTypeLabels } from '@shared/pix';
import { plural } from '@shared/plural';
import { tradeMessages } from '@shared/trade-messages';
import { endToEndId } from '@shared/trades';
import type { DeskPayout } from '@shared/trades-desk';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ListPager } from '@web/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { describedBy, Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { EmptyState } from '@web/components/ui/query-state';
import { StaffTab } from '@web/components/ui/staff-tab';
import { StatusBadge } from '@web/components/ui/status-badge';
import { useMe } from '@web/features/accounts/api';
import { CopyButton } from '@web/features/trades/CopyButton';
import { formatDateTimeBrasilia, typedAmount } from '@web/lib/format';
import { useListParams } from '@web/lib/list-params';
import { relativeTime } from '@web/lib/relative-time';
import { toast } from '@web/lib/toast';
import { ExternalLink, KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { payoutsExportHref, usePayouts, useReleasePayout } from './api';

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

function PayoutCard({ payout: p, admin }: { payout: DeskPayout; admin: boolean }) {
  const titleId = useId();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | null>(null);
  const release = useReleasePayout();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = endToEndId.safeParse(typed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? tradeMessages.endToEndInvalid);
      return;
    }
    setError(undefined);
    setConfirming(parsed.data);
  };

  const pay = () => {
    if (!confirming) return;
    release.mutate(
      { id: p.id, endToEndId: confirming },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(`Repasse da negociação #${p.id} registrado.`, {
            description: `${formatPrice(p.payoutCents)} pagos a ${p.holderName ?? p.sellerName}.`,
          });
        },
        onError: (failure) => {
          setConfirming(null);
          toast.error('Falha ao registrar o repasse', { description: failure.message });
        },
      },
    );
  };

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

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="grid content-start gap-1 rounded-lg bg-surface-2 p-3">
          <dt className="text-xs text-muted">Valor a pagar (após a taxa)</dt>
          <dd className="text-2xl font-bold text-fg">{formatPrice(p.payoutCents)}</dd>
          <dd className="text-xs text-muted">
            {formatPrice(p.amountCents)} − taxa {formatPrice(p.feeCents)}
          </dd>
          {admin && (
            <dd className="mt-1">
              <CopyButton text={typedAmount(p.payoutCents)} label="Copiar valor" />
            </dd>
          )}
        </div>
        <div className="grid content-start gap-1 rounded-lg bg-surface-2 p-3">
          <dt className="flex items-center gap-1.5 text-xs text-muted">
            <KeyRound aria-hidden className="size-3.5" />
            Chave PIX{p.keyType ? ` (${pixKeyTypeLabels[p.keyType]})` : ''}
          </dt>
          {p.pixKey ? (
            <>
              <dd className="font-mono text-base break-all text-fg">{p.pixKey}</dd>
              {p.holderName && <dd className="text-xs text-muted">Titular: {p.holderName}</dd>}
              {admin && p.pixKeyToCopy && (
                <dd className="mt-1">
                  <CopyButton text={p.pixKeyToCopy} label="Copiar chave" />
                </dd>
              )}
            </>
          ) : (
            <dd className="grid gap-1">
              <span>
                <StatusBadge label="Sem chave PIX" tone="bad" />
              </span>
              <span className="text-xs text-muted">
                O vendedor não tinha chave PIX padrão quando o repasse ficou devido.
              </span>
            </dd>
          )}
        </div>
      </dl>

      <div className="grid gap-3 sm:flex sm:items-start sm:justify-between">
        {admin && p.pixKey && (
          <form
            onSubmit={onSubmit}
            noValidate
            className="grid min-w-0 gap-2 sm:flex sm:flex-1 sm:items-start"
          >
            <Field
              htmlFor={inputId}
              label="ID da transação PIX (E2E)"
              error={error}
              className="min-w-0 sm:flex-1"
            >
              <Input
                id={inputId}
                value={typed}
                autoComplete="off"
                spellCheck={false}
                placeholder="E12345678202611251430ABCDEFGHIJK"
                onChange={(e) => setTyped(e.target.value)}
                className="font-mono"
                {...describedBy(inputId, Boolean(error))}
              />
            </Field>
            <Button
              type="submit"
              className="sm:mt-6.5"
              aria-label={`Registrar repasse da negociação #${p.id}`}
            >
              Registrar repasse
            </Button>
          </form>
        )}
        <ButtonLink
          to={paths.trade(p.id)}
          size="sm"
          variant="ghost"
          className="justify-self-start sm:mt-7 sm:ml-auto"
          aria-label={`Abrir a sala da negociação #${p.id}`}
        >
          <ExternalLink aria-hidden />
          Sala
        </ButtonLink>
      </div>

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent>
          <DialogTitle>Confirmar repasse</DialogTitle>
          <DialogDescription>
            Confira com o comprovante do banco antes de confirmar: a negociação será concluída.
          </DialogDescription>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
            <dt className="text-muted">Negociação</dt>
            <dd className="text-fg">
              #{p.id} · {p.listingTitle}
            </dd>
            <dt className="text-muted">Valor</dt>
            <dd className="font-semibold text-fg">{formatPrice(p.payoutCents)}</dd>
            <dt className="text-muted">Chave</dt>
            <dd className="font-mono break-all text-fg">{p.pixKey}</dd>
            {p.holderName && (
              <>
                <dt className="text-muted">Titular</dt>
                <dd className="text-fg">{p.holderName}</dd>
              </>
            )}
            <dt className="text-muted">E2E</dt>
            <dd className="font-mono break-all text-fg">{confirming}</dd>
          </dl>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={release.isPending}>
              Cancelar
            </Button>
            <Button busy={release.isPending} onClick={pay}>
              Confirmar repasse de {formatPrice(p.payoutCents)}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}
