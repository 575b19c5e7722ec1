import type { StaffPayoutIdentity } from '@shared/payout-identity';
import { payoutIdentityMessages as m } from '@shared/payout-identity-messages';
import { taxIdKindLabels } from '@shared/tax-id';

/**
 * A member's payout identity as staff read it (issue 36), on the member page and the 'Repasses' cards: the name and
 * the document, whole for admins and masked for moderators (the server decides which), or 'Não informados'.
 */
export function StaffPayoutIdentityText({ identity }: { identity: StaffPayoutIdentity | null }) {
  if (!identity) return <span className="text-muted">{m.staffNone}</span>;
  return (
    <span className="break-words">
      {identity.name} ·{' '}
      <span className="font-mono" title={identity.masked ? m.staffMasked : undefined}>
        {taxIdKindLabels[identity.kind]} {identity.document}
      </span>
      {identity.masked && <span className="sr-only"> ({m.staffMasked})</span>}
    </span>
  );
}
