import type { StaffRole } from './accounts';
import { contract, type Preposition } from './contractions';
import { penaltyLabels } from './moderation-messages';
import { formatPrice } from './money';
import { paths, withQuery } from './paths';
import { plural } from './plural';

/**
 * Every action code the server records in the audit log (`recordAudit(`), each with its pt-BR label for the
 * Auditoria filter. A unit test greps the server for the codes and fails on one missing here.
 */
export const auditActionLabels = {
  'user.warn': 'Advertência a membro',
  'user.suspend': 'Suspensão de membro',
  'user.lift': 'Suspensão retirada',
  'account.delete': 'Conta excluída pelo membro',
  'staff.add': 'Membro adicionado à equipe',
  'staff.change_role': 'Função na equipe alterada',
  'staff.remove': 'Membro removido da equipe',
  'report.em_analise': 'Denúncia em análise',
  'report.resolvida': 'Denúncia resolvida',
  'report.rejeitada': 'Denúncia rejeitada',
  'support_ticket.in_progress': 'Chamado em andamento',
  'support_ticket.resolve': 'Chamado resolvido',
  'feedback.respond': 'Feedback respondido',
  'feedback.resolve': 'Feedback resolvido',
  'partnership.approve': 'Parceria aprovada',
  'partnership.reject': 'Parceria rejeitada',
  'listing.delete': 'Anúncio removido',
  'community_post.delete': 'Post do fórum removido',
  'community_comment.delete': 'Comentário do fórum removido',
  'banner.create': 'Banner criado',
  'banner.update': 'Banner editado',
  'banner.activate': 'Banner ativado',
  'banner.deactivate': 'Banner desativado',
  'banner.delete': 'Banner excluído',
  'whatsapp_group.create': 'Grupo de WhatsApp criado',
  'whatsapp_group.update': 'Grupo de WhatsApp editado',
  'whatsapp_group.delete': 'Grupo de WhatsApp excluído',
  'maintenance_window.create': 'Manutenção agendada',
  'maintenance_window.delete': 'Manutenção cancelada',
  'trade.take': 'Intermediação assumida',
  'trade.take_over': 'Intermediação tomada de outro membro da equipe',
  'trade.recommend': 'Decisão recomendada',
  'trade.credentials_reveal': 'Credenciais vistas',
  'trade.payment_confirm': 'Pagamento confirmado',
  'trade.release': 'Repasse pago',
  'trade.refund': 'Comprador reembolsado',
  'trade.refund_requested': 'Devolução pedida ao PSP',
  'trade.refund_refused': 'Devolução recusada pelo PSP',
  'trade.refund_not_sent': 'Devolução não chegou ao PSP',
  'trade.cancel': 'Intermediação cancelada',
  'trade.dispute_refund': 'Disputa decidida: reembolso',
  'trade.dispute_release': 'Disputa decidida: liberação',
  'trade.payout_key_set': 'Chave PIX de repasse fixada',
  'ledger.reconcile': 'Conciliação do livro-razão',
  'dead_letter.retry': 'Tarefa que falhou enviada de novo',
  'dead_letter.discard': 'Tarefa que falhou descartada',
  // Issue 36: the seller's payout identity, recorded by the member.
  'payout_identity.set': 'Dados para recebimento cadastrados',
  'payout_identity.change': 'Dados para recebimento alterados',
  // Instant delivery (issue 37).
  'listing_codes.export': 'Códigos da entrega automática exportados',
  'member.pause_instant': 'Entrega automática de membro pausada',
  'member.resume_instant': 'Entrega automática de membro reativada',
  // Payouts (issue 36, decision 028).
  'payout.pause': 'Repasses automáticos pausados',
  'payout.resume': 'Repasses automáticos retomados',
  'payout.hold_release': 'Retenção de repasse liberada',
  'payout.take_by_hand': 'Repasse assumido para pagamento manual',
  'payout.retry': 'Repasse enviado de novo com a nova chave',
} as const;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as AuditAction[];
export const isAuditAction = (code: string): code is AuditAction => Object.hasOwn(auditActionLabels, code);

/** What an audit entry's target can be, with a pt-BR label for the filter. */
export const auditTargetLabels: Record<string, string> = {
  user: 'Membro',
  listing: 'Anúncio',
  trade: 'Intermediação',
  report: 'Denúncia',
  support_ticket: 'Chamado',
  feedback: 'Feedback',
  partnership: 'Parceria',
  banner: 'Banner',
  whatsapp_group: 'Grupo de WhatsApp',
  community_post: 'Post do fórum',
  community_comment: 'Comentário do fórum',
  maintenance_window: 'Manutenção',
  ledger: 'Livro-razão',
  dead_letter: 'Tarefa que falhou',
};

/** A piece of a sentence: text, or text that links to a page (the member, the listing, the trade, the queue). */
export interface SentencePart {
  text: string;
  href?: string;
}
/** A detail of the entry as a labelled field. */
export interface AuditField {
  label: string;
  value: string;
  href?: string;
}
export interface AuditSentence {
  parts: SentencePart[];
  fields: AuditField[];
}

/** What the server knows of an entry once it has resolved the names (in one batch per kind of target). */
export interface AuditFacts {
  action: string;
  actorId: string | null;
  actorName: string | null;
  /** The actor's staff role now (null: not staff, e.g. a member deleting their own account, or staff no more). */
  actorRole: StaffRole | null;
  /** The actor's side of the trade the entry is about, when they are its buyer or seller (not staff work). */
  actorTradeRole?: 'comprador' | 'vendedor' | null;
  /** What the PIX transfer the details name (`endToEndId`) sent out, read from the ledger; null when none. */
  sentCents?: number | null;
  targetType: string;
  targetId: string;
  /** The target's name now (a member's username, a listing's title…), or null when it is gone or has none. */
  targetName: string | null;
  details: Record<string, unknown>;
  /** Names of other members the details point at (an author, a seller, a previous intermediary), by id. */
  names?: Record<string, string>;
}

/** Codes a member records on their own account or trade (not staff work). */
const memberActions = new Set<string>([
  'account.delete',
  'trade.payout_key_set',
  // Issue 36.
  'payout_identity.set',
  'payout_identity.change',
]);

const roleWords: Record<StaffRole, string> = { admin: 'Admin', moderator: 'Moderador' };
const tradeRoleWords = { comprador: 'Comprador', vendedor: 'Vendedor' } as const;
const staffRoleLabels: Record<string, string> = { admin: 'Administrador', moderator: 'Moderador' };

const brasilia = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});
const dateOf = (value: unknown) => {
  const at = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? `${brasilia.format(at)} (Brasília)` : String(value);
};
const str = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** Where a target links: a member to their staff page, a listing or a trade to its page, a queue row to its queue. */
export function auditTargetHref(type: string, id: string): string | undefined {
  switch (type) {
    case 'user':
      return paths.adminMember(id);
    case 'listing':
      return paths.listing(id);
    case 'trade':
      return paths.trade(id);
    case 'community_post':
      return paths.post(id);
    case 'report':
      return withQuery(paths.admin('denuncias'), { q: id });
    case 'support_ticket':
      return withQuery(paths.admin('suporte'), { q: id });
    case 'feedback':
      return withQuery(paths.admin('feedback'), { q: id });
    case 'partnership':
      return withQuery(paths.admin('parcerias'), { q: id });
    case 'banner':
      return paths.admin('banners');
    case 'whatsapp_group':
      return paths.groups;
    case 'maintenance_window':
      return paths.systemStatus;
    case 'dead_letter':
      return paths.admin('sistema');
    default:
      return undefined;
  }
}

/** Labels of the details' keys; a key not here is shown under its own name, never as JSON. */
const fieldLabels: Record<string, string> = {
  reason: 'Motivo',
  response: 'Resposta',
  notes: 'Observações',
  penalty: 'Penalidade',
  endsAt: 'Até',
  suspensionId: 'Suspensão nº',
  reportId: 'Denúncia nº',
  amountCents: 'Valor',
  title: 'Título',
  previousTitle: 'Título anterior',
  imageReplaced: 'Imagem trocada',
  displayOrder: 'Ordem',
  companyName: 'Empresa',
  username: 'Apelido',
  role: 'Função',
  from: 'Função anterior',
  to: 'Nova função',
  tradesHandedBack: 'Intermediações devolvidas',
  listingsRemoved: 'Anúncios removidos',
  offersWithdrawn: 'Ofertas retiradas',
  authorId: 'Autor',
  sellerId: 'Vendedor',
  previousIntermediaryId: 'Intermediador anterior',
  postId: 'Post',
  content: 'Conteúdo',
  decision: 'Decisão',
  endToEndId: 'ID da transação (E2E)',
  returnId: 'ID da devolução',
  refundId: 'Nosso ID da devolução',
  sentByHand: 'PIX enviado à mão',
  payoutPixKey: 'Chave PIX',
  payoutHolderName: 'Titular',
  problems: 'Problemas encontrados',
  checkedAt: 'Conferido em',
  description: 'Descrição',
  startsAt: 'Início',
  imageUrl: 'Imagem',
  linkUrl: 'Link',
  whatsappLink: 'Link do grupo',
  active: 'Ativo',
  category: 'Categoria',
  about: 'Sobre',
  tries: 'Tentativas',
  error: 'Último erro',
  // Issue 36: the payout identity's document, masked.
  document: 'Documento',
  previousDocument: 'Documento anterior',
  nameChanged: 'Nome alterado',
};
const memberKeys = new Set(['authorId', 'sellerId', 'previousIntermediaryId']);
const dateKeys = new Set(['endsAt', 'checkedAt', 'startsAt']);

function fieldValue(key: string, value: unknown, names: Record<string, string>): AuditField | null {
  if (value === null || value === undefined || value === '') return null;
  const label = fieldLabels[key] ?? key;
  if (memberKeys.has(key) && typeof value === 'string') {
    return { label, value: names[value] ?? 'Membro removido', href: paths.adminMember(value) };
  }
  if (key === 'postId') return { label, value: `#${str(value)}`, href: paths.post(str(value)) };
  if (key === 'amountCents' && typeof value === 'number') return { label, value: formatPrice(value) };
  if (key === 'penalty')
    return { label, value: penaltyLabels[value as keyof typeof penaltyLabels] ?? str(value) };
  if (key === 'role' || key === 'from' || key === 'to')
    return { label, value: staffRoleLabels[str(value)] ?? str(value) };
  if (key === 'decision') {
    return {
      label,
      value:
        value === 'release'
          ? 'Liberar ao vendedor'
          : value === 'refund'
            ? 'Reembolsar o comprador'
            : str(value),
    };
  }
  if (dateKeys.has(key)) return { label, value: dateOf(value) };
  if (typeof value === 'boolean') return { label, value: value ? 'Sim' : 'Não' };
  if (typeof value === 'object') {
    const text = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabels[k] ?? k}: ${str(v)}`)
      .join(' · ');
    return { label, value: text };
  }
  return { label, value: str(value) };
}

/** The entry's details as labelled fields, leaving out what the sentence already says and internal ids. */
function fieldsOf(facts: AuditFacts, shown: readonly string[]): AuditField[] {
  const names = facts.names ?? {};
  const fields: AuditField[] = [];
  for (const [key, value] of Object.entries(facts.details)) {
    if (shown.includes(key)) continue;
    const field = fieldValue(key, value, names);
    if (field) fields.push(field);
  }
  return fields;
}

const penaltySpans: Record<string, string> = {
  '7_dias': 'por 7 dias',
  '30_dias': 'por 30 dias',
  permanente: 'permanentemente',
};

/**
 * An audit entry as a pt-BR sentence — 'Moderador Ana suspendeu PedroGamer por 7 dias: golpe', 'Admin Ana retirou
 * a suspensão de PedroGamer: engano', 'Moderador Ana resolveu a denúncia #12' — with the target as a link, and the
 * rest of the details as labelled fields. An unknown code still reads as a sentence (its label is the code).
 */
export function auditSentence(facts: AuditFacts): AuditSentence {
  const { action, details } = facts;
  // The buyer or seller of the trade (staff never work their own trades), else staff now, else a member on
  // their own account; staff work by someone who is none of these was done while they were staff.
  const roleWord = facts.actorTradeRole
    ? tradeRoleWords[facts.actorTradeRole]
    : facts.actorRole
      ? roleWords[facts.actorRole]
      : memberActions.has(action)
        ? 'Membro'
        : 'Ex-membro da equipe';
  const actor: SentencePart = {
    text: facts.actorName ?? 'Conta removida',
    ...(facts.actorId ? { href: paths.adminMember(facts.actorId) } : {}),
  };
  const href = auditTargetHref(facts.targetType, facts.targetId);
  const named = (fallback: string): SentencePart => ({
    text: facts.targetName ?? (str(details.title) || str(details.companyName) || fallback),
    ...(href ? { href } : {}),
  });
  const numbered = (noun: string): SentencePart => ({
    text: `${noun} #${facts.targetId}`,
    ...(href ? { href } : {}),
  });
  const member = named('membro removido');
  const quoted = (fallback: string): SentencePart => {
    const part = named(fallback);
    return { ...part, text: `“${part.text}”` };
  };
  const because = (key = 'reason'): SentencePart[] =>
    str(details[key]) ? [{ text: `: ${str(details[key])}` }] : [];

  const say = (parts: SentencePart[], shown: string[] = []): AuditSentence => ({
    parts: [{ text: `${roleWord} ` }, actor, { text: ' ' }, ...parts],
    fields: fieldsOf(facts, shown),
  });
  /** 'de' + 'a intermediação #12' → 'da ' and the linked 'intermediação #12'. */
  const after = (preposition: Preposition, part: SentencePart): SentencePart[] => {
    const text = contract(preposition, part.text);
    const space = text.indexOf(' ') + 1;
    return [{ text: text.slice(0, space) }, { ...part, text: text.slice(space) }];
  };
  const ofTrade = after('de', numbered('a intermediação'));
  const sent = typeof facts.sentCents === 'number' ? `${formatPrice(facts.sentCents)} ` : '';

  switch (action) {
    case 'user.suspend':
      return say(
        [
          { text: `${details.penalty === 'permanente' ? 'baniu' : 'suspendeu'} ` },
          member,
          { text: ` ${penaltySpans[str(details.penalty)] ?? ''}`.trimEnd() },
          ...because(),
        ],
        ['reason', 'penalty', 'suspensionId'],
      );
    case 'user.warn':
      return say(
        [{ text: 'advertiu ' }, member, ...because()],
        ['reason', 'penalty', 'suspensionId', 'endsAt'],
      );
    case 'user.lift':
      return say([{ text: 'retirou a suspensão de ' }, member, ...because()], ['reason', 'suspensionId']);
    case 'account.delete':
      return say([{ text: 'excluiu a própria conta' }]);
    // Issue 36: the document stays as a field (masked when recorded).
    case 'payout_identity.set':
      return say([{ text: 'cadastrou os próprios dados para recebimento' }]);
    case 'payout_identity.change':
      return say([{ text: 'alterou os próprios dados para recebimento' }]);
    case 'staff.add':
      return say(
        [
          { text: 'adicionou ' },
          member,
          { text: ` à equipe como ${staffRoleLabels[str(details.role)] ?? str(details.role)}` },
        ],
        ['role', 'username'],
      );
    case 'staff.change_role':
      return say(
        [
          { text: 'mudou a função de ' },
          member,
          {
            text: ` de ${staffRoleLabels[str(details.from)] ?? str(details.from)} para ${staffRoleLabels[str(details.to)] ?? str(details.to)}`,
          },
        ],
        ['from', 'to'],
      );
    case 'staff.remove':
      return say([{ text: 'removeu ' }, member, { text: ' da equipe' }], ['role']);
    case 'report.em_analise':
      return say([{ text: 'pôs em análise ' }, numbered('a denúncia')]);
    case 'report.resolvida':
      return say([{ text: 'resolveu ' }, numbered('a denúncia')]);
    case 'report.rejeitada':
      return say([{ text: 'rejeitou ' }, numbered('a denúncia')]);
    case 'support_ticket.in_progress':
      return say([{ text: 'assumiu ' }, numbered('o chamado')]);
    case 'support_ticket.resolve':
      return say([{ text: 'respondeu e resolveu ' }, numbered('o chamado')]);
    case 'feedback.respond':
      return say([{ text: 'respondeu ' }, numbered('o feedback')]);
    case 'feedback.resolve':
      return say([{ text: 'marcou como resolvido ' }, numbered('o feedback')]);
    case 'partnership.approve':
      return say(
        [{ text: 'aprovou a proposta de parceria de ' }, named(`#${facts.targetId}`)],
        ['companyName'],
      );
    case 'partnership.reject':
      return say(
        [{ text: 'rejeitou a proposta de parceria de ' }, named(`#${facts.targetId}`)],
        ['companyName'],
      );
    case 'listing.delete':
      return say([{ text: 'removeu o anúncio ' }, quoted(`#${facts.targetId}`)], ['title']);
    case 'community_post.delete':
      return say(
        [{ text: 'removeu o post ' }, quoted(`#${facts.targetId}`), { text: ' do fórum' }],
        ['title'],
      );
    case 'community_comment.delete':
      return say([{ text: `removeu o comentário #${facts.targetId} do fórum` }]);
    case 'banner.create':
    case 'banner.update':
    case 'banner.activate':
    case 'banner.deactivate':
    case 'banner.delete': {
      const verb = {
        create: 'criou',
        update: 'editou',
        activate: 'ativou',
        deactivate: 'desativou',
        delete: 'excluiu',
      }[action.slice('banner.'.length) as 'create'];
      return say([{ text: `${verb} o banner ` }, quoted(`#${facts.targetId}`)], ['title']);
    }
    case 'whatsapp_group.create':
    case 'whatsapp_group.update':
    case 'whatsapp_group.delete': {
      const verb = { create: 'criou', update: 'editou', delete: 'excluiu' }[
        action.slice('whatsapp_group.'.length) as 'create'
      ];
      return say([{ text: `${verb} o grupo de WhatsApp ` }, quoted(`#${facts.targetId}`)], ['title']);
    }
    case 'maintenance_window.create':
      return say([{ text: 'agendou a manutenção ' }, quoted(`#${facts.targetId}`)], ['title']);
    case 'maintenance_window.delete':
      return say([{ text: 'cancelou a manutenção ' }, quoted(`#${facts.targetId}`)], ['title']);
    case 'trade.take':
      return say([{ text: 'assumiu ' }, numbered('a intermediação')]);
    case 'trade.take_over':
      return say([{ text: 'tomou para si ' }, numbered('a intermediação'), ...because()], ['reason']);
    case 'trade.recommend':
      return say(
        [
          {
            text: `recomendou ${details.decision === 'refund' ? 'reembolsar o comprador' : 'liberar ao vendedor'} `,
          },
          ...after('em', numbered('a intermediação')),
          ...because(),
        ],
        ['reason', 'decision'],
      );
    case 'trade.credentials_reveal':
      return say([{ text: 'viu as credenciais ' }, ...ofTrade], ['role']);
    case 'trade.payment_confirm':
      return say([{ text: 'confirmou o pagamento ' }, ...ofTrade]);
    case 'trade.release':
      return say([{ text: `pagou o repasse ${sent ? `de ${sent}` : ''}` }, ...ofTrade]);
    case 'trade.refund':
      return say(
        [
          { text: `reembolsou o comprador${details.sentByHand ? ' (PIX enviado à mão)' : ''} ` },
          ...ofTrade,
          ...because(),
        ],
        ['reason', 'sentByHand'],
      );
    case 'trade.refund_requested':
      return say([{ text: 'pediu ao PSP a devolução ' }, ...ofTrade, ...because()], ['reason']);
    case 'trade.refund_refused':
      return say([{ text: 'teve a devolução recusada pelo PSP ' }, ...ofTrade]);
    case 'trade.refund_not_sent':
      return say([{ text: 'não teve a devolução recebida pelo PSP ' }, ...ofTrade]);
    case 'trade.cancel':
      return say([{ text: 'cancelou ' }, numbered('a intermediação'), ...because()], ['reason']);
    case 'trade.dispute_refund':
      return say(
        [
          { text: 'decidiu a disputa ' },
          ...ofTrade,
          { text: ' a favor do comprador (reembolso)' },
          ...because(),
        ],
        ['reason'],
      );
    case 'trade.dispute_release':
      return say(
        [
          { text: 'decidiu a disputa ' },
          ...ofTrade,
          { text: ' a favor do vendedor (liberação)' },
          ...because(),
        ],
        ['reason'],
      );
    case 'trade.payout_key_set':
      return say([{ text: 'fixou a chave PIX de repasse ' }, ...ofTrade]);
    case 'ledger.reconcile': {
      const problems = Number(details.problems ?? 0);
      return say(
        [
          {
            text: `conferiu o livro-razão: ${problems === 0 ? 'nenhum problema' : plural(problems, 'problema', 'problemas')}`,
          },
        ],
        ['problems'],
      );
    }
    case 'dead_letter.retry':
    case 'dead_letter.discard':
      return say(
        [
          { text: action === 'dead_letter.retry' ? 'enviou de novo a tarefa ' : 'descartou a tarefa ' },
          { text: `“${str(details.label) || facts.targetId}”`, ...(href ? { href } : {}) },
          { text: ', que tinha falhado de vez' },
        ],
        ['label'],
      );
    // Instant delivery (issue 37).
    case 'listing_codes.export':
      return say(
        [
          {
            text: `exportou ${plural(Number(details.count ?? 0), 'código não vendido', 'códigos não vendidos')} do anúncio `,
          },
          quoted(`#${facts.targetId}`),
        ],
        ['count'],
      );
    case 'member.pause_instant':
    case 'member.resume_instant':
      return say(
        [
          {
            text:
              action === 'member.pause_instant'
                ? 'pausou a entrega automática de '
                : 'reativou a entrega automática de ',
          },
          member,
          {
            text: ` (${plural(Array.isArray(details.listingIds) ? details.listingIds.length : 0, 'anúncio', 'anúncios')})`,
          },
          ...because(),
        ],
        ['reason'],
      );
    // Payouts (issue 36).
    case 'payout.pause':
    case 'payout.resume':
      return say(
        [
          {
            text:
              action === 'payout.pause'
                ? 'pausou os repasses automáticos'
                : 'retomou os repasses automáticos',
          },
          ...because(),
        ],
        ['reason'],
      );
    case 'payout.hold_release':
      return say(
        [{ text: 'liberou antes do prazo a retenção do repasse ' }, ...ofTrade, ...because()],
        ['reason'],
      );
    case 'payout.take_by_hand':
      return say([{ text: 'assumiu para pagar à mão o repasse recusado ' }, ...ofTrade]);
    case 'payout.retry':
      return say([
        { text: 'trocou a chave PIX e o repasse recusado ' },
        ...ofTrade,
        { text: ' voltou à fila' },
      ]);
    default: {
      const target = auditTargetLabels[facts.targetType] ?? facts.targetType;
      return say([
        { text: `registrou “${action}” em ${target} ` },
        { text: facts.targetName ?? `#${facts.targetId}`, ...(href ? { href } : {}) },
      ]);
    }
  }
}

/** The sentence as plain text (the CSV export, a screen reader's summary). */
export const sentenceText = (sentence: AuditSentence) => sentence.parts.map((part) => part.text).join('');
