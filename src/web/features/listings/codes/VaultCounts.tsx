import { cn } from '@web/lib/cn';
import { type CodeCounts, type CodeState, codeStates } from './api';
import { codeStateCountLabels, codeStateHints } from './code-states';

/** The vault at a glance: how many codes in each state (the burned ones only once there are some). */
export function VaultCounts({ counts }: { counts: CodeCounts }) {
  const shown = codeStates.filter((state) => state !== 'burned' || counts.burned > 0);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {shown.map((state: CodeState) => (
        <div
          key={state}
          className={cn(
            'rounded-xl border bg-surface p-4',
            state === 'available' ? 'border-accent/40' : 'border-line',
          )}
        >
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
            {codeStateCountLabels[state]}
          </dt>
          <dd
            className={cn(
              'mt-1 text-2xl font-bold tabular-nums',
              state === 'available' ? 'text-accent' : 'text-fg',
            )}
          >
            {counts[state]}
          </dd>
          <dd className="mt-0.5 text-xs text-muted">{codeStateHints[state]}</dd>
        </div>
      ))}
    </dl>
  );
}
