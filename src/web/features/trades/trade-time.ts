import type { TradeDeadlineKind, TradeRole } from '@shared/trades';

const dayMonth = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' });
const hourMinute = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
const dayMonthYear = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** '23/11 às 14:00' in the browser's time zone; '' when the date does not parse. */
export function formatDayTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${dayMonth.format(date)} às ${hourMinute.format(date)}`;
}

/** '23/11/2026 às 14:00', for the history. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${dayMonthYear.format(date)} às ${hourMinute.format(date)}`;
}

/** Who waits on each timer, and what they must do by then. */
const deadlineParts: Record<TradeDeadlineKind, { role: TradeRole; who: string; what: string }> = {
  value: { role: 'vendedor', who: 'O vendedor', what: 'confirmar o valor' },
  payment: { role: 'comprador', who: 'O comprador', what: 'fazer o pagamento' },
  delivery_mark: { role: 'vendedor', who: 'O vendedor', what: 'entregar o produto' },
  buyer_confirmation: { role: 'comprador', who: 'O comprador', what: 'confirmar a entrega' },
  release: { role: 'intermediador', who: 'O intermediador', what: 'liberar o pagamento' },
};

/**
 * The current timer in words: 'O vendedor tem até 23/11 às 14:00 para confirmar o valor', or 'Você tem até …'
 * when the viewer is the one it waits on.
 */
export function describeDeadline(kind: TradeDeadlineKind, at: string, viewerRole: TradeRole): string {
  const { role, who, what } = deadlineParts[kind];
  const subject = role === viewerRole ? 'Você' : who;
  return `${subject} tem até ${formatDayTime(at)} para ${what}`;
}

/** Whether the timer is the buyer's 72 h window, after which the delivery counts as confirmed. */
export const isAutoConfirmDeadline = (kind: TradeDeadlineKind) => kind === 'buyer_confirmation';
