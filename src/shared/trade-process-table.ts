import {
  historyLine,
  isWarning,
  type TradeActor,
  type TradeTimer,
  type TradeTransition,
  type TradeTransitionName,
  tradeStateInfo,
  tradeStates,
  tradeTimers,
  tradeTransitions,
} from './trade-process';

const after = (t: TradeTimer) => (t.businessHours ? `${t.businessHours} h úteis` : `${t.hours} h`);
const code = (s: string) => `\`${s}\``;

/** A timer as the table reads it: '18 h → aviso ao vendedor', '24 h → expire', '24 h → alerta à equipe'. */
function timerText(t: TradeTimer): string {
  if (isWarning(t)) return `${after(t)} → aviso ao ${t.leadsTo.warn}`;
  return `${after(t)} → ${t.leadsTo === 'flag' ? 'alerta à equipe' : t.leadsTo}`;
}

const stockText = {
  reserve: 'reserva 1 unidade',
  release: 'libera a unidade',
  consume: 'baixa 1 unidade (vendido a 0)',
};

/** An instant-delivery trade's code (issue 37, decision 029). */
const codeText = {
  reserve: 'entrega automática: reserva 1 código (pausa o anúncio a 0)',
  release: 'entrega automática: devolve o código reservado ao estoque',
  deliver: 'entrega automática: lacra o código reservado na intermediação (como credenciais)',
  return: 'entrega automática: devolve o código ao estoque, ou o inutiliza se o comprador já o revelou',
};

/** Everything a transition does besides moving the state and the money, in the table's words. */
function effectsOf(name: TradeTransitionName): string {
  const t: TradeTransition = tradeTransitions[name];
  const destinations = [...new Set([t.to, t.warrantyTo].filter((s) => s !== undefined))];
  const started = destinations.flatMap((s) => (tradeTimers[s] ?? []).map((timer) => timer.name));
  const notice = t.notify
    ? `avisa (${t.notify.kind})${Object.entries(t.notify.text ?? {})
        .map(([role, text]) => `; ${role} lê “${text}”`)
        .join('')}`
    : 'sem aviso (o passo avisa)';
  return [
    t.stamps && `marca ${t.stamps.map(code).join(', ')}`,
    t.sets &&
      `grava ${Object.entries(t.sets)
        .map(([k, v]) => `${code(k)} = ${v}`)
        .join(', ')}`,
    t.reasonIn && `motivo em ${code(t.reasonIn)}`,
    t.actorIn && `autor em ${code(t.actorIn)}`,
    t.seatsStaff && 'a equipe que age assume a intermediação',
    t.stock && stockText[t.stock],
    t.code && codeText[t.code],
    t.thenOnInstant && `entrega automática: segue na hora para ${code(t.thenOnInstant)}`,
    t.payoutDue && 'repasse devido: fixa a chave PIX e o titular',
    t.endToEndId && `E2E ${t.endToEndId === 'required' ? 'obrigatório' : 'opcional'}`,
    notice,
    t.resolvesTicket &&
      `resolve o ticket${t.resolvesTicket === historyLine ? '' : ` (“${t.resolvesTicket}”)`}`,
    t.asksForReviews && 'pede as avaliações',
    started.length > 0 && `inicia ${started.map(code).join(', ')}`,
    `encerra os timers de ${t.from.map(code).join(', ')}`,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * The process as tables, for decision 020 (`npm run docs:trade-process` writes them there), so the document is
 * produced from the description and cannot drift from it.
 */
export function tradeProcessTable(): string {
  const states = tradeStates.map((s) => {
    const info = tradeStateInfo[s];
    const timers = (tradeTimers[s] ?? []).map((t) => `${code(t.name)}: ${timerText(t)}`).join('<br>') || '—';
    const staff = info.waitsOnStaff ? info.waitsOnStaff.for : '—';
    return `| ${code(s)} | ${info.label} | ${info.reserves ? 'sim' : 'não'} | ${info.escrow ? 'sim' : 'não'} | ${staff} | ${timers} |`;
  });
  const who = (by: readonly TradeActor[]) => by.join(', ');
  const rows = (Object.keys(tradeTransitions) as TradeTransitionName[]).map((name) => {
    const t: TradeTransition = tradeTransitions[name];
    const to = t.warrantyTo ? `${code(t.to)} (contas: ${code(t.warrantyTo)})` : code(t.to);
    return `| ${code(name)} | ${t.from.map(code).join(', ')} | ${to} | ${who(t.by)} | ${t.money?.join(' + ') ?? '—'} | ${effectsOf(name)} |`;
  });
  return [
    '| Estado | Rótulo | Reserva estoque | Dinheiro em custódia | Espera a equipe | Timers (desde a entrada) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...states,
    '',
    'Um prazo mostrado na sala é o do primeiro timer que não é aviso; um aviso só sai antes dele. Um trade que um',
    'alerta marcou espera a equipe também, qualquer que seja o estado. Toda transição registra sua linha no',
    'histórico e limpa o alerta do estado que deixa. “Avisa” fala ao comprador, ao vendedor e ao intermediador,',
    'menos a quem agiu: cada um lê a linha do histórico, salvo o texto dado ao seu papel.',
    '',
    '| Transição | De | Para | Quem | Dinheiro (razão) | Efeitos |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
