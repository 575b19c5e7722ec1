import { paths } from '@shared/paths';
import { formatPixKeyTime, maskPixKey, type PixKeyType, pixKeyTypeLabels } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { escapeHtml } from '../../auth/confirmation-mail';
import type { Mail } from '../../mail/mailer';

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
  const what = `A chave PIX padrão da sua conta no Mercado Gamer passou a ser ${key} em ${when} (horário de Brasília). Os próximos pagamentos das suas vendas irão para ela.`;
  const notYou = `Se não foi você, alguém pode estar usando a sua conta: troque sua senha agora em Configurações (${publicUrl}${paths.settings}), o que encerra as outras sessões, escolha de novo a sua chave padrão em Pagamentos e fale com o suporte em ${publicUrl}${paths.help}.`;
  return {
    to: input.to,
    link: url,
    subject: m.mailSubject,
    text: [`Olá, ${input.name}!`, what, notYou, `Ver suas chaves PIX: ${url}`].join('\n\n'),
    html: [
      '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px">',
      `<p style="margin:0 0 12px">Olá, ${escapeHtml(input.name)}!</p>`,
      `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(m.mailSubject)}</h1>`,
      `<p style="margin:0 0 12px">${escapeHtml(what)}</p>`,
      `<p style="margin:0 0 12px"><strong>${escapeHtml(notYou)}</strong></p>`,
      `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#1fe383;color:#03140b;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">Ver minhas chaves PIX</a></p>`,
      '</div>',
    ].join(''),
  };
}

/**
 * The security e-mail when the step-up locks after too many wrong answers: someone holding the member's session
 * is guessing the password or code. Sent once per lock; transactional, whatever the e-mail switch.
 */
export function stepUpLockedMail(input: { to: string; name: string; until: Date }, publicUrl: string): Mail {
  const url = `${publicUrl}${paths.settings}`;
  const what = `Houve muitas tentativas erradas de senha ou código para alterar a chave PIX padrão da sua conta no Mercado Gamer. Por segurança, a confirmação ficou bloqueada até ${formatPixKeyTime(input.until)} (horário de Brasília). Nenhuma chave foi alterada.`;
  const notYou = `Se não foi você, alguém pode estar usando a sua conta: troque sua senha agora em Configurações (${url}), o que encerra as outras sessões, e fale com o suporte em ${publicUrl}${paths.help}.`;
  return {
    to: input.to,
    link: url,
    subject: m.lockedMailSubject,
    text: [`Olá, ${input.name}!`, what, notYou].join('\n\n'),
    html: [
      '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px">',
      `<p style="margin:0 0 12px">Olá, ${escapeHtml(input.name)}!</p>`,
      `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(m.lockedMailSubject)}</h1>`,
      `<p style="margin:0 0 12px">${escapeHtml(what)}</p>`,
      `<p style="margin:0 0 12px"><strong>${escapeHtml(notYou)}</strong></p>`,
      `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#1fe383;color:#03140b;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">Abrir Configurações</a></p>`,
      '</div>',
    ].join(''),
  };
}
