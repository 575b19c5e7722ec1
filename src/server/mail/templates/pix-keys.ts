import { paths } from '@shared/paths';
import { formatPixKeyTime, maskPixKey, type PixKeyType, pixKeyTypeLabels } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import type { Mail } from '../mailer';
import { brandedMail } from './layout';

export interface DefaultKeyMailInput {
  to: string;
  name: string;
  type: PixKeyType;
  key: string;
  at: Date;
}

/**
 * The security e-mail when the default PIX key changes: which key (masked, as anyone could read a mailbox),
 * when, and what to do if it was not the member. Transactional: it always goes, whatever the e-mail switch.
 */
export function defaultKeyMail(input: DefaultKeyMailInput, publicUrl: string): Mail {
  const url = `${publicUrl}${paths.payments}`;
  const key = `${pixKeyTypeLabels[input.type]} ${maskPixKey(input.type, input.key)}`;
  const when = formatPixKeyTime(input.at);
  return {
    to: input.to,
    link: url,
    subject: m.mailSubject,
    ...brandedMail({
      name: input.name,
      title: m.mailSubject,
      paragraphs: [
        `A chave PIX padrão da sua conta no Mercado Gamer passou a ser ${key} em ${when} (horário de Brasília). Os próximos pagamentos das suas vendas irão para ela.`,
      ],
      warning: `Se não foi você, alguém pode estar usando a sua conta: troque sua senha agora em Configurações (${publicUrl}${paths.settings}), o que encerra as outras sessões, escolha de novo a sua chave padrão em Pagamentos e fale com o suporte em ${publicUrl}${paths.help}.`,
      button: { label: 'Ver minhas chaves PIX', url },
    }),
  };
}

/**
 * The security e-mail when the step-up locks after too many wrong answers: someone holding the member's session
 * is guessing the password or code. Sent once per lock; transactional, whatever the e-mail switch.
 */
export function stepUpLockedMail(input: { to: string; name: string; until: Date }, publicUrl: string): Mail {
  const url = `${publicUrl}${paths.settings}`;
  return {
    to: input.to,
    link: url,
    subject: m.lockedMailSubject,
    ...brandedMail({
      name: input.name,
      title: m.lockedMailSubject,
      paragraphs: [
        `Houve muitas tentativas erradas de senha ou código para alterar a chave PIX padrão da sua conta no Mercado Gamer. Por segurança, a confirmação ficou bloqueada até ${formatPixKeyTime(input.until)} (horário de Brasília). Nenhuma chave foi alterada.`,
      ],
      warning: `Se não foi você, alguém pode estar usando a sua conta: troque sua senha agora em Configurações (${url}), o que encerra as outras sessões, e fale com o suporte em ${publicUrl}${paths.help}.`,
      button: { label: 'Abrir Configurações', url },
    }),
  };
}
