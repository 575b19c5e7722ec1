import { formatPrice } from '@shared/money';
import { type PayoutState, payoutStateLabels } from '@shared/payout-process';
import { type PayoutDesk, payoutMessages as pm } from '@shared/payouts';
import { plural } from '@shared/plural';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatDateAtTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { usePausePayouts, usePayoutDesk, useReleaseHold, useResumePayouts, useTakeByHand } from './api';
import { PayoutCardBody } from './PayoutTimeline';

const shownStates: readonly PayoutState[] = ['failed', 'manual', 'held', 'due', 'sending', 'paid'];

/**
 * 'Repasses', automatic payouts (admins): the kill switch, the day's totals, counts by state and the payouts that
 * need a person, failures first. A failed payout is taken to be paid by hand (then paid below, as before); a hold
 * may be released early with a reason. With the manual provider nothing is sent by the app: the counts and the
 * day's totals still hold, and the switch, said to act only once an automatic provider is on, may be set ahead.
 */
export function AutomaticPayoutsPanel({ admin }: { admin: boolean }) {
  const desk = usePayoutDesk(admin);
  if (!admin || !desk.data) return null;
  const data = desk.data;
  // 'Devido' and 'Enviando' are counted only: the sender (or, with the manual provider, the list below) has them;
  // but a send the PSP answered with another amount waits for a person (its note says what to check).
  const attention = data.payouts.filter(
    (p) => p.state !== 'due' && (p.state !== 'sending' || p.failureReason !== null),
  );
  return (
    <section
      aria-labelledby="repasses-automaticos"
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="repasses-automaticos" className="font-semibold text-fg">
          Repasses automáticos{' '}
          <span className="text-sm font-normal text-muted">
            ({data.automatic ? `provedor ${data.provider}` : 'provedor manual: pagos à mão abaixo'})
          </span>
        </h3>
        <p className="text-sm text-muted">
          Hoje: {plural(data.today.paidCount, 'pago', 'pagos')} · {formatPrice(data.today.paidCents)}
        </p>
      </div>
      <PauseSwitch data={data} />
      {!data.automatic && (
        <p className="text-sm text-muted">
          Com o provedor manual o app não envia nenhum PIX: a pausa só passa a valer quando um provedor
          automático for ligado.
        </p>
      )}
      <ul aria-label="Repasses por estado" className="flex flex-wrap gap-2">
        {shownStates.map((s) => (
          <li key={s} className="rounded-lg bg-surface-2 px-3 py-1 text-sm">
            {payoutStateLabels[s]}: <span className="font-semibold text-fg">{data.counts[s]}</span>
          </li>
        ))}
      </ul>
      {attention.length > 0 && (
        <ul aria-label="Repasses que pedem atenção" className="grid gap-3">
          {attention.map((p) => (
            <li key={p.tradeId} className="flex min-w-0 flex-col gap-3 rounded-lg border border-line p-3">
              <p className="break-words font-medium text-fg">
                #{p.tradeId} · {p.listingTitle} · {p.sellerName}
              </p>
              <PayoutCardBody payout={p} staff />
              {p.state === 'held' && <ReleaseHold tradeId={p.tradeId} />}
              {p.state === 'failed' && <TakeByHand tradeId={p.tradeId} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PauseSwitch({ data }: { data: PayoutDesk }) {
  const [reason, setReason] = useState('');
  const pause = usePausePayouts();
  const resume = useResumePayouts();
  const id = useId();
  if (data.paused) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-danger/40 bg-danger/10 p-3">
        <StatusBadge label="Pausados" tone="bad" />
        <p className="text-sm text-fg">
          Desde {data.pausedAt ? formatDateAtTime(data.pausedAt) : '—'}: {data.pausedReason}
        </p>
        <Button
          size="sm"
          onClick={() =>
            resume.mutate(undefined, {
              onSuccess: () => toast.success(pm.resumed),
              onError: (error) => toast.error(error.message),
            })
          }
          disabled={resume.isPending}
        >
          Retomar repasses
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        pause.mutate(reason, {
          onSuccess: () => {
            setReason('');
            toast.success(pm.paused);
          },
          onError: (error) => toast.error(error.message),
        });
      }}
    >
      <label htmlFor={id} className="flex min-w-60 flex-1 flex-col gap-1 text-sm text-muted">
        Motivo da pausa (incidente)
        <Input id={id} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
      </label>
      <Button type="submit" variant="danger" size="sm" disabled={pause.isPending || reason.trim().length < 5}>
        Pausar repasses
      </Button>
    </form>
  );
}

function ReleaseHold({ tradeId }: { tradeId: number }) {
  const [reason, setReason] = useState('');
  const release = useReleaseHold();
  const id = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        release.mutate(
          { tradeId, reason },
          {
            onSuccess: () => toast.success(pm.holdReleased),
            onError: (error) => toast.error(error.message),
          },
        );
      }}
    >
      <label htmlFor={id} className="flex min-w-60 flex-1 flex-col gap-1 text-sm text-muted">
        Motivo da liberação antecipada
        <Input id={id} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
      </label>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={release.isPending || reason.trim().length < 5}
      >
        Liberar retenção
      </Button>
    </form>
  );
}

function TakeByHand({ tradeId }: { tradeId: number }) {
  const take = useTakeByHand();
  return (
    <Button
      size="sm"
      variant="secondary"
      className="justify-self-start"
      disabled={take.isPending}
      onClick={() =>
        take.mutate(tradeId, {
          onSuccess: () =>
            toast.success('Repasse passado ao pagamento manual: pague pelo banco e informe o E2E abaixo.'),
          onError: (error) => toast.error(error.message),
        })
      }
    >
      Pagar à mão
    </Button>
  );
}
