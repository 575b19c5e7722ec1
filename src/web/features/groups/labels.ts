import { formatCount } from '@web/lib/format';

/** '1.250 membros', '1 membro'. */
export function membersLabel(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'membro' : 'membros'}`;
}

/** 'Mostrando 3 de 14 grupos'. */
export function showingLabel(shown: number, total: number): string {
  return `Mostrando ${formatCount(shown)} de ${formatCount(total)} ${total === 1 ? 'grupo' : 'grupos'}`;
}
