const tones = {
  warn: 'bg-warning/15 text-warning',
  info: 'bg-surface-3 text-fg',
  ok: 'bg-accent-soft text-accent',
  bad: 'bg-danger/15 text-danger',
} as const;

export type StatusTone = keyof typeof tones;

/** A status in a list row: 'Pendente', 'Resolvido'…, coloured by how much it asks for attention. */
export function StatusBadge({ label, tone }: { label: string; tone: StatusTone }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{label}</span>
  );
}
