import type { MemberStatus } from '@shared/members';
import { memberStatusLabels } from '@shared/moderation-messages';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatDateTimeBrasilia } from '@web/lib/format';

const tones = { ativo: 'ok', advertido: 'warn', suspenso: 'bad', banido: 'bad' } as const;

/** 'Ativo', 'Advertido', 'Suspenso até 04/12/2026, 15:30' (Brasília) or 'Banido'. */
export function memberStatusLabel(status: MemberStatus): string {
  return status.kind === 'suspenso' && status.until
    ? `Suspenso até ${formatDateTimeBrasilia(status.until)}`
    : memberStatusLabels[status.kind];
}

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  return <StatusBadge label={memberStatusLabel(status)} tone={tones[status.kind]} />;
}
