import { isTradeOpen, type TradeView, tradeRoleLabels } from '@shared/trades';
import { cn } from '@web/lib/cn';
import {
  Ban,
  CalendarClock,
  CircleCheck,
  type LucideIcon,
  PackageCheck,
  Scale,
  TriangleAlert,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { TradePhotoGallery } from './TradePhotos';
import { describeDeadline, formatDateTime } from './trade-time';

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
  title: string;
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

/** What the room must say besides the steps: the running timer, alerts, the dispute, the delivery, the end. */
export function TradeNotices({ trade }: { trade: TradeView }) {
  const { deadline, dispute, delivery, payout } = trade;
  const proof = trade.photos.filter((photo) => photo.purpose === 'delivery_proof');
  const evidence = trade.photos.filter((photo) => photo.purpose === 'dispute_evidence');
  return (
    <div className="flex flex-col gap-3">
      {deadline && isTradeOpen(trade.state) && (
        <Notice
          icon={CalendarClock}
          tone="info"
          title={describeDeadline(deadline.kind, deadline.at, trade.viewerRole)}
        />
      )}
      {trade.flaggedAt && isTradeOpen(trade.state) && (
        <Notice icon={TriangleAlert} tone="danger" title="Prazo vencido: a equipe foi alertada">
          <p>
            Um prazo desta intermediação passou em {formatDateTime(trade.flaggedAt)}. Um intermediador vai
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
            Aberta por {tradeRoleLabels[dispute.openedBy].toLowerCase()} em {formatDateTime(dispute.openedAt)}
            .
          </p>
          <p>
            <span className="font-medium text-fg">Motivo:</span> {dispute.reason}
          </p>
          {dispute.decision && (
            <>
              <p>
                <span className="font-medium text-fg">Decisão:</span>{' '}
                {dispute.decision === 'release'
                  ? 'pagamento liberado ao vendedor'
                  : 'valor reembolsado ao comprador'}
                {dispute.decidedAt && ` (${formatDateTime(dispute.decidedAt)})`}
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
              : 'Entrega registrada pelo vendedor'
          }
        >
          <p>
            Registrada em {formatDateTime(delivery.markedAt)}
            {delivery.confirmedAt && `; confirmada em ${formatDateTime(delivery.confirmedAt)}`}.
          </p>
          {delivery.note && (
            <p className="whitespace-pre-line">
              <span className="font-medium text-fg">Observação do vendedor:</span> {delivery.note}
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
        </Notice>
      )}
      {payout && (
        <Notice icon={CircleCheck} tone="success" title="Pagamento enviado ao vendedor">
          <p>Enviado em {formatDateTime(payout.paidAt)}.</p>
          {payout.pixKey && (
            <p>
              <span className="font-medium text-fg">Chave PIX:</span>{' '}
              <span className="font-mono">{payout.pixKey}</span>
            </p>
          )}
          <p>
            <span className="font-medium text-fg">Identificador (E2E):</span>{' '}
            <span className="font-mono break-all">{payout.endToEndId}</span>
          </p>
        </Notice>
      )}
    </div>
  );
}
