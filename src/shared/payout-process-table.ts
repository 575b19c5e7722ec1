import {
  type PayoutTransition,
  type PayoutTransitionName,
  payoutStateInfo,
  payoutStates,
  payoutSwitch,
  payoutTimers,
  payoutTransitions,
} from './payout-process';

const code = (s: string) => `\`${s}\``;

/** Everything a transition does besides moving the state, in the table's words. */
function effectsOf(t: PayoutTransition): string {
  const notices = Object.entries(t.notify ?? {}).map(
    ([role, n]) => `${role} lê (${n.kind}${n.mailed ? ', também por e-mail' : ''}) “${n.text}”`,
  );
  return (
    [
      t.guard && `se ${t.guard}`,
      t.writes && `grava ${t.writes}`,
      t.trade && `toma ${code(t.trade)} da negociação`,
      t.ledger && `razão: ${t.ledger}`,
      ...notices,
      t.audited && 'auditado',
    ]
      .filter(Boolean)
      .join('; ') || '—'
  );
}

/**
 * The payout process as tables, for decision 028 (`npm run docs:payout-process` writes them there), so the
 * document is produced from the description and cannot drift from it.
 */
export function payoutProcessTable(): string {
  const states = payoutStates.map((s) => {
    const info = payoutStateInfo[s];
    const timers =
      payoutTimers
        .filter((t) => t.state === s)
        .map((t) => `${code(t.name)}: em ${t.at} → ${t.leadsTo}`)
        .join('<br>') || '—';
    return `| ${code(s)} | ${info.label} | ${info.outgoing ? 'sim' : 'não'} | ${info.onDesk ? 'sim' : 'não'} | ${timers} |`;
  });
  const rows = (Object.keys(payoutTransitions) as PayoutTransitionName[]).map((name) => {
    const t: PayoutTransition = payoutTransitions[name];
    return `| ${code(name)} | ${t.from.map(code).join(', ')} | ${code(t.to)} | ${t.by.join(', ')} | ${effectsOf(t)} |`;
  });
  const timers = payoutTimers.map((t) => `| ${code(t.name)} | ${code(t.state)} | ${t.at} | ${t.text} |`);
  return [
    '| Estado | Rótulo | Dinheiro saindo | Em Repasses | Timers |',
    '| --- | --- | --- | --- | --- |',
    ...states,
    '',
    '| Transição | De | Para | Quem | Efeitos |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '| Timer | Estado | Quando | O que faz |',
    '| --- | --- | --- | --- |',
    ...timers,
    '',
    `Pausa (interruptor global, não um estado): por ${payoutSwitch.by.join(', ')}, auditada; ${payoutSwitch.effect}.`,
  ].join('\n');
}
