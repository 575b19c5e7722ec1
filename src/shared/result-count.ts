/** '1 produto encontrado', '37 produtos encontrados', 'Mais de 1.000 produtos encontrados' (a capped count). */
export function resultCount(total: number, capped: boolean): string {
  const count = total.toLocaleString('pt-BR');
  if (capped) return `Mais de ${count} produtos encontrados`;
  return total === 1 ? '1 produto encontrado' : `${count} produtos encontrados`;
}
