/** Up to two letters for an avatar fallback: 'Pedro Alves' → 'PA', 'PedroGamer' → 'PG', 'xgamer' → 'XG'. */
export function initials(name: string): string {
  const words = name
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length === 1 ? (words[0] ?? '').slice(0, 2) : `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`;
  return letters.toUpperCase();
}
