import { formatPrice } from '@shared/money';

const shortDate = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** Part 1 §2 'Profile': a price of 0 reads 'Gratuito'. */
export function priceLabel(cents: number): string {
  return cents > 0 ? formatPrice(cents) : 'Gratuito';
}

/** '12/11/2026' from an ISO date; '' when it does not parse. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : shortDate.format(date);
}
