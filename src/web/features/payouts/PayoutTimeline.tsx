import { formatPrice } from '@shared/money';
import type { PayoutView } from '@shared/payouts';
import { StatusBadge, type StatusTone } from '@web/components/ui/status-badge';
import { formatDateAtTime } from '@web/lib/format';
import { useTradePayout } from './api';

const tones: Record<PayoutView['state'], StatusTone> = {
  due: 'info',
  held: 'warn',
  sending: 'info',
  paid: 'ok',
  failed: 'bad',
  manual: 'warn',
  withdrawn: 'info',
};

/** '3 min', '1 h 12 min': the time from the payout due (the buyer's confirmation) to the PIX paid. */
export function durationLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/**
 * One payout: its state, amount, key, the hold or the failure, and its timeline (oldest first). The seller is told
 * what to fix after a failure; staff (`staff`) read only the PSP's reason.
 */
export function PayoutCardBody({ payout, staff = false }: { payout: PayoutView; staff?: boolean }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge label={payout.stateLabel} tone={tones[payout.state]} />
        <span className="font-semibold text-fg">{formatPrice(payout.amountCents)}</span>
        {payout.pixKey && (
          <span className="text-muted">
            para a chave <span className="break-all font-mono">{payout.pixKey}</span>
          </span>
        )}
      </div>
      {payout.heldUntil && (
        <p className="text-warning">
          Retido por segurança até {formatDateAtTime(payout.heldUntil)}
          {payout.holdReason ? ` (${payout.holdReason})` : ''}.
        </p>
      )}
      {payout.state === 'failed' && payout.failureReason && (
        <p className="text-danger">
          Não realizado: {payout.failureReason.replace(/\.$/, '')}.
          {!staff &&
            ' Confira sua chave PIX e seu CPF/CNPJ em Pagamentos; ao salvar uma chave padrão, o repasse é enviado de novo.'}
        </p>
      )}
      {/* A PSP's answer that paid another amount is not booked: staff check the statement (decision 028). */}
      {staff && payout.state === 'sending' && payout.failureReason && (
        <p className="text-warning">{payout.failureReason}</p>
      )}
      {payout.secondsToPay !== null && (
        <p className="text-muted">Pago {durationLabel(payout.secondsToPay)} depois de ficar devido.</p>
      )}
      <ol aria-label="Linha do tempo do repasse" className="flex flex-col gap-1.5 border-l border-line pl-3">
        {payout.timeline.map((step) => (
          <li key={`${step.at}-${step.text}`} className="text-muted">
            <time dateTime={step.at} className="mr-2 text-xs text-subtle">
              {formatDateAtTime(step.at)}
            </time>
            <span className="break-words text-fg">{step.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The seller's payout in the trade room (nothing while there is none), read again at each change of the trade
 * (`version`: its `updatedAt`, which the live socket keeps current).
 */
export function PayoutTimeline({
  tradeId,
  enabled,
  version,
}: {
  tradeId: number;
  enabled: boolean;
  version: string;
}) {
  const payout = useTradePayout(tradeId, enabled, version);
  if (!enabled || !payout.data) return null;
  return (
    <section
      aria-labelledby={`repasse-${tradeId}`}
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4"
    >
      <h3 id={`repasse-${tradeId}`} className="font-semibold text-fg">
        Seu repasse
      </h3>
      <PayoutCardBody payout={payout.data} />
    </section>
  );
}
