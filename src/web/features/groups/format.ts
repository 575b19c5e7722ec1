const count = new Intl.NumberFormat('pt-BR');

/** '1.250 membros', '1 membro'. */
export function membersLabel(n: number): string {
  return `${count.format(n)} ${n === 1 ? 'membro' : 'membros'}`;
}

/** 'Mostrando 3 de 14 grupos'. */
export function showingLabel(shown: number, total: number): string {
  return `Mostrando ${count.format(shown)} de ${count.format(total)} ${total === 1 ? 'grupo' : 'grupos'}`;
}
