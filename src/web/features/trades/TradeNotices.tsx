import { formatPrice } from '@shared/money';
import { tradeMessages } from '@shared/trade-messages';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { isTradeOpen, type TradeView, tradeRoleLabels } from '@shared/trades';
import { PayoutTimeline } from '@web/features/payouts/PayoutTimeline';
import { cn } from '@web/lib/cn';
import { formatDateAtTime } from '@web/lib/format';
import {
  Ban,
  CircleCheck,
  HandCoins,
  Hourglass,
  type LucideIcon,
  PackageCheck,
  Scale,
  ShieldCheck,
  TriangleAlert,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { isInstantTrade } from './instant-trade';
import { PayoutDetails, payoutOfTrade } from './PayoutPanel';
import { ProposalAmounts } from './StepForms';
import { TradePhotoGallery } from './TradePhotos';
import { formatTimeLeft, useNow } from './trade-time';

const tones = {
  info: 'border-line-strong bg-surface-2',
  warning: 'border-warning/40 bg-warning/10',
  danger: 'border-danger/40 bg-danger/10',
  success: 'border-accent/40 bg-accent-soft',
} as const;
const iconTones = {
  info: 'text-muted',
  warning: 'text-warning',
  danger: 'text-danger',
  success: 'text-accent',
};

function Notice({
  icon: Icon,
  tone,
  title,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex gap-3 rounded-xl border p-4', tones[tone])}>
      <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', iconTones[tone])} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-fg">{title}</p>
        {children && <div className="mt-1 flex flex-col gap-1 break-words text-muted">{children}</div>}
      </div>
    </div>
  );
}

const decisionTexts = {
  release: 'a favor do vendedor: repasse devido ao vendedor',
  refund: 'a favor do comprador: valor reembolsado',
} as const;

/**
 * What the room must say besides the guide (step, next move, deadline): a value proposal, an account's warranty
 * window, alerts, the dispute, the delivery, the payout (never to the buyer: the server sends them none) and the end.
 */
export function TradeNotices({ trade }: { trade: TradeView }) {
  const { dispute, delivery, payout, proposal, warranty } = trade;
  const now = useNow();
  const proof = trade.photos.filter((photo) => photo.purpose === 'delivery_proof');
  const evidence = trade.photos.filter((photo) => photo.purpose === 'dispute_evidence');
  const isStaff = trade.viewerRole === 'intermediador';
  const instant = isInstantTrade(trade);
  const decideByPassed = dispute?.decideBy ? new Date(dispute.decideBy).getTime() <= now : false;
  return (
    <div className="flex flex-col gap-3 empty:hidden">
      {trade.state === 'value_proposed' && proposal && (
        <Notice icon={HandCoins} tone="warning" title="Novo valor proposto pelo vendedor">
          <ProposalAmounts proposal={proposal} />
          <p>
            {trade.viewerRole === 'comprador'
              ? 'Aceite ou recuse abaixo. A cobrança PIX só sai depois do seu aceite.'
              : trade.viewerRole === 'vendedor'
                ? 'Aguardando o comprador aceitar ou recusar. Nenhuma cobrança sai antes do aceite dele.'
                : 'Aguardando o comprador aceitar ou recusar o novo valor.'}
          </p>
        </Notice>
      )}
      {trade.state === 'in_warranty' && warranty && (
        <WarrantyNotice trade={trade} endsAt={warranty.endsAt} now={now} />
      )}
      {trade.refundPendingSince && (
        <Notice icon={Hourglass} tone="info" title={tradeMessages.refundProcessingTitle}>
          <p>{tradeMessages.refundProcessing}</p>
          <p>Pedida em {formatDateAtTime(trade.refundPendingSince)}.</p>
        </Notice>
      )}
      {trade.flaggedAt && isTradeOpen(trade.state) && (
        <Notice icon={TriangleAlert} tone="danger" title="Prazo vencido: a equipe foi alertada">
          <p>
            Um prazo desta intermediação passou em {formatDateAtTime(trade.flaggedAt)}. Um intermediador vai
            acompanhar o caso.
          </p>
        </Notice>
      )}
      {dispute && (
        <Notice
          icon={Scale}
          tone={dispute.decision ? 'info' : 'danger'}
          title={dispute.decision ? 'Disputa decidida' : 'Disputa em análise'}
        >
          <p>
            Aberta por {tradeRoleLabels[dispute.openedBy].toLowerCase()} em{' '}
            {formatDateAtTime(dispute.openedAt)}.
          </p>
          <p>
            <span className="font-medium text-fg">Motivo:</span> {dispute.reason}
          </p>
          {!dispute.decision && dispute.decideBy && (
            <p className={cn(decideByPassed && 'font-medium text-danger')}>
              <span className="font-medium text-fg">Decisão da equipe até:</span>{' '}
              {formatDateAtTime(dispute.decideBy)} (horário comercial){decideByPassed && ' · prazo vencido'}
            </p>
          )}
          {!dispute.decision && isStaff && dispute.recommendation && (
            <p>
              <span className="font-medium text-fg">Recomendação de {dispute.recommendation.byName}:</span>{' '}
              {dispute.recommendation.decision === 'release'
                ? 'liberar o pagamento ao vendedor'
                : 'reembolsar o comprador'}
              . {dispute.recommendation.reason}
            </p>
          )}
          {dispute.decision && (
            <>
              <p>
                <span className="font-medium text-fg">Decisão:</span> {decisionTexts[dispute.decision]}
                {dispute.decidedAt && ` (${formatDateAtTime(dispute.decidedAt)})`}
              </p>
              {dispute.decisionReason && (
                <p>
                  <span className="font-medium text-fg">Justificativa:</span> {dispute.decisionReason}
                </p>
              )}
            </>
          )}
          <TradePhotoGallery
            photos={evidence}
            altPrefix="Evidência da disputa"
            label="Evidências da disputa"
          />
        </Notice>
      )}
      {delivery && (
        <Notice
          icon={PackageCheck}
          tone={delivery.confirmedAt ? 'success' : 'info'}
          title={
            delivery.confirmedAt
              ? delivery.autoConfirmed
                ? 'Entrega confirmada automaticamente'
                : 'Entrega confirmada pelo comprador'
              : instant
                ? 'Código entregue automaticamente'
                : 'Entrega registrada pelo vendedor'
          }
        >
          <p>
            {instant ? 'Entregue' : 'Registrada'} em {formatDateAtTime(delivery.markedAt)}
            {delivery.confirmedAt && `; confirmada em ${formatDateAtTime(delivery.confirmedAt)}`}.
          </p>
          {/* An instant delivery's note is the system's own sentence, not the seller's. */}
          {delivery.note && (
            <p className="whitespace-pre-line">
              {instant ? (
                delivery.note
              ) : (
                <>
                  <span className="font-medium text-fg">Observação do vendedor:</span> {delivery.note}
                </>
              )}
            </p>
          )}
          <TradePhotoGallery photos={proof} altPrefix="Comprovante de entrega" label="Fotos da entrega" />
        </Notice>
      )}
      {trade.cancelReason && (
        <Notice
          icon={Ban}
          tone="info"
          title={trade.state === 'refunded' ? 'Intermediação reembolsada' : 'Intermediação cancelada'}
        >
          <p>
            <span className="font-medium text-fg">Motivo:</span> {trade.cancelReason}
          </p>
          {trade.refund?.endToEndId && (
            <p>
              <span className="font-medium text-fg">Identificador do reembolso (E2E):</span>{' '}
              <span className="font-mono break-all">{trade.refund.endToEndId}</span>
            </p>
          )}
        </Notice>
      )}
      {/* The seller follows their payout in the timeline below: these two notices are for staff. */}
      {payout &&
        trade.viewerRole !== 'vendedor' &&
        trade.state === 'awaiting_release' &&
        !trade.actions.includes('release') && (
          <Notice icon={Wallet} tone="info" title="Repasse ao vendedor pendente">
            <p>
              {payout.pixKey
                ? `O repasse sai por PIX para a chave do vendedor fixada em ${formatDateAtTime(payout.dueAt)}.`
                : 'O vendedor ainda não tem chave PIX padrão: o repasse fica pendente até ele cadastrar uma.'}
            </p>
            <PayoutDetails payout={payoutOfTrade(trade)} />
          </Notice>
        )}
      {/* The seller's payout, as the payout process moves it (decision 028): held, sent, paid, failed. */}
      <PayoutTimeline
        tradeId={trade.id}
        version={trade.updatedAt}
        enabled={
          trade.viewerRole === 'vendedor' &&
          (trade.state === 'awaiting_release' || trade.state === 'completed')
        }
      />
      {payout?.paidAt && trade.viewerRole !== 'vendedor' && (
        <Notice icon={CircleCheck} tone="success" title="Pagamento enviado ao vendedor">
          <p>
            {formatPrice(payout.amountCents)} enviados em {formatDateAtTime(payout.paidAt)}.
          </p>
          {payout.pixKey && (
            <p>
              <span className="font-medium text-fg">Chave PIX:</span>{' '}
              <span className="font-mono break-all">{payout.pixKey}</span>
            </p>
          )}
          {payout.endToEndId && (
            <p>
              <span className="font-medium text-fg">Identificador (E2E):</span>{' '}
              <span className="font-mono break-all">{payout.endToEndId}</span>
            </p>
          )}
        </Notice>
      )}
    </div>
  );
}

/**
 * An account sale's warranty window: how long is left, and what it means to whoever reads it (the buyer may
 * still claim if the account is recovered; the payout is held until it ends).
 */
function WarrantyNotice({ trade, endsAt, now }: { trade: TradeView; endsAt: string; now: number }) {
  const left = formatTimeLeft(endsAt, now);
  const days = TRADE_TIMERS.accountWarrantyDays;
  return (
    <Notice
      icon={ShieldCheck}
      tone="success"
      title={
        left ? (
          <>
            Garantia da conta: faltam <time dateTime={endsAt}>{left}</time>
          </>
        ) : (
          'Garantia da conta encerrada: o repasse ao vendedor fica devido em instantes'
        )
      }
    >
      <p>
        A garantia de {days} dias vai até {formatDateAtTime(endsAt)}.{' '}
        {trade.viewerRole === 'comprador'
          ? 'Se a conta for recuperada pelo vendedor ou perder o acesso até lá, abra uma disputa: o pagamento continua retido.'
          : 'Até lá o comprador ainda pode abrir uma disputa se a conta for recuperada ou perder o acesso.'}
      </p>
      <p>
        {trade.viewerRole === 'vendedor'
          ? 'O seu repasse fica retido até o fim da garantia e então é pago pela equipe.'
          : 'O repasse ao vendedor fica retido até o fim da garantia.'}
      </p>
    </Notice>
  );
}
