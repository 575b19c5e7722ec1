import { paths } from '@shared/paths';
import { payoutIdentityMessages as m } from '@shared/payout-identity-messages';
import { formatPixKeyTime } from '@shared/pix';
import { maskTaxId, type TaxIdKind, taxIdKindLabels } from '@shared/tax-id';
import type { Mail } from '../mailer';
import { brandedMail } from './layout';

export interface PayoutIdentityMailInput {
  to: string;
  name: string;
  /** True when the member had none before (recorded), false for a change. */
  first: boolean;
  kind: TaxIdKind;
  document: string;
  at: Date;
}

/**
 * The security e-mail when the payout identity is recorded or changed: which document (masked, as anyone could
 * read a mailbox), when, and what to do if it was not the member. Transactional: it always goes.
 */
export function payoutIdentityMail(input: PayoutIdentityMailInput, publicUrl: string): Mail {
  const url = `${publicUrl}${paths.payments}`;
  const subject = input.first ? m.mailSubjectSet : m.mailSubjectChanged;
  const document = `${taxIdKindLabels[input.kind]} ${maskTaxId(input.kind, input.document)}`;
  const when = formatPixKeyTime(input.at);
  return {
    to: input.to,
    link: url,
    subject,
    ...brandedMail({
      name: input.name,
      title: subject,
      paragraphs: [
        `Os dados para recebimento da sua conta no Mercado Gamer ${input.first ? 'foram cadastrados' : 'foram alterados'} em ${when} (horário de Brasília): ${document}. Os repasses das suas vendas só irão para chaves PIX deste documento.`,
      ],
      warning: `Se não foi você, alguém pode estar usando a sua conta: troque sua senha agora em Configurações (${publicUrl}${paths.settings}), o que encerra as outras sessões, e fale com o suporte em ${publicUrl}${paths.help}.`,
      button: { label: 'Ver meus dados para recebimento', url },
    }),
  };
}
