import type { TradeRole, TradeState } from '@shared/trades';
import { formatDayAtTime } from '@web/lib/format';
import { useEffect, useState } from 'react';

/**
 * Who waits on the timer of each state, and what they must do by then. The warranty window has its own notice
 * (nobody has to act in it), so it has no line here.
 */
const deadlineParts: Partial<Record<TradeState, { role: TradeRole; who: string; what: string }>> = {
  awaiting_value: { role: 'vendedor', who: 'O vendedor', what: 'confirmar o valor' },
  value_proposed: { role: 'comprador', who: 'O comprador', what: 'aceitar ou recusar o novo valor' },
  awaiting_payment: { role: 'comprador', who: 'O comprador', what: 'fazer o pagamento' },
  awaiting_delivery: { role: 'vendedor', who: 'O vendedor', what: 'entregar o produto' },
  delivered: { role: 'comprador', who: 'O comprador', what: 'confirmar a entrega' },
  awaiting_release: { role: 'intermediador', who: 'A equipe', what: 'pagar o repasse ao vendedor' },
  disputed: { role: 'intermediador', who: 'A equipe', what: 'decidir a disputa' },
};

/**
 * The current timer in words: 'O vendedor tem até 23/11 às 14:00 para confirmar o valor', or 'Você tem até …'
 * when the viewer is the one it waits on; null for a state whose timer has its own notice.
 */
export function describeDeadline(state: TradeState, at: string, viewerRole: TradeRole): string | null {
  const parts = deadlineParts[state];
  if (!parts) return null;
  const subject = parts.role === viewerRole ? 'Você' : parts.who;
  return `${subject} tem até ${formatDayAtTime(at)} para ${parts.what}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What is left until `at`: '4 dias e 23 horas', '5 horas e 12 minutos', '3 minutos'; null once it passed.
 */
export function formatTimeLeft(at: string, now: number): string | null {
  const left = new Date(at).getTime() - now;
  if (Number.isNaN(left) || left <= 0) return null;
  const minutes = Math.ceil(left / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0)
    return hours > 0
      ? `${plural(days, 'dia', 'dias')} e ${plural(hours, 'hora', 'horas')}`
      : plural(days, 'dia', 'dias');
  if (hours > 0)
    return mins > 0
      ? `${plural(hours, 'hora', 'horas')} e ${plural(mins, 'minuto', 'minutos')}`
      : plural(hours, 'hora', 'horas');
  return plural(mins, 'minuto', 'minutos');
}

/** The current time, refreshed every `everyMs` (a countdown's clock). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
