import type { CodeState } from '@shared/listing-codes';
import type { StatusTone } from '@web/components/ui/status-badge';

/** Each state of a code as the seller reads it, in the filter and the rows: the shared labels. */
export { codeStateLabels } from '@shared/listing-codes';

/** The counts' headings (plural). */
export const codeStateCountLabels: Record<CodeState, string> = {
  available: 'Disponíveis',
  reserved: 'Reservados',
  delivered: 'Entregues',
  removed: 'Removidos',
  burned: 'Inutilizados',
};

/** What each state means, under its count. */
export const codeStateHints: Record<CodeState, string> = {
  available: 'O estoque do anúncio',
  reserved: 'Aguardando o pagamento de uma compra',
  delivered: 'Enviados a um comprador',
  removed: 'Retirados por você',
  burned: 'Revelados numa compra reembolsada',
};

export const codeStateTones: Record<CodeState, StatusTone> = {
  available: 'ok',
  reserved: 'warn',
  delivered: 'info',
  removed: 'info',
  burned: 'bad',
};

/** A code as the list shows it: never whole, only its last 4 characters. */
export const maskedCode = (last4: string) => `•••• ${last4}`;
