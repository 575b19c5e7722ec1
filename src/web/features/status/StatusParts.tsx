import type { CheckName, DiskState, MaintenanceWindow, ServiceState, StatusCheck } from '@shared/status';
import { checkLabels, statusMessages as m, stateLabels } from '@shared/status-messages';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format';
import {
  CircleCheck,
  CircleX,
  Database,
  HardDrive,
  type LucideIcon,
  Mail,
  RadioTower,
  TriangleAlert,
  Wrench,
} from 'lucide-react';
import { useEffect, useState } from 'react';

/** Text and icon say the state; the colour only repeats it. */
const stateLooks: Record<ServiceState, { icon: LucideIcon; className: string }> = {
  operational: { icon: CircleCheck, className: 'border-accent/40 bg-accent-soft text-accent' },
  degraded: { icon: TriangleAlert, className: 'border-warning/40 bg-warning/10 text-warning' },
  down: { icon: CircleX, className: 'border-danger/40 bg-danger/10 text-danger' },
};

const overallTexts: Record<ServiceState, string> = {
  operational: m.allOperational,
  degraded: m.someDegraded,
  down: m.majorOutage,
};

const checkIcons: Record<CheckName, LucideIcon> = {
  database: Database,
  storage: HardDrive,
  mail: Mail,
  realtime: RadioTower,
};

/** The overall banner: a polite live region, so a change of state is read out without moving focus. */
export function OverallBanner({ state }: { state: ServiceState }) {
  const { icon: Icon, className } = stateLooks[state];
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center gap-3 rounded-2xl border px-5 py-4 text-lg font-semibold', className)}
    >
      <Icon aria-hidden className="size-6 shrink-0" />
      <span>{overallTexts[state]}</span>
    </div>
  );
}

export function StateBadge({ state }: { state: ServiceState }) {
  const { icon: Icon, className } = stateLooks[state];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold',
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {stateLabels[state]}
    </span>
  );
}

export function CheckCard({ check }: { check: StatusCheck }) {
  const Icon = checkIcons[check.name];
  return (
    <li className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-muted">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-fg">{checkLabels[check.name]}</h3>
        <p className="text-sm text-muted">
          Tempo de resposta: <span className="font-mono text-fg">{check.latencyMs} ms</span>
        </p>
      </div>
      <StateBadge state={check.state} />
    </li>
  );
}

const bytesFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** '12,3 GB', '850 MB' (powers of 1024, as `df -h` counts). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${bytesFormat.format(value)} ${units[unit]}`;
}

/**
 * The data folder's free space (issue 25): below the minimum, uploads are refused, and the card says so. The
 * figures come to admins only.
 */
export function DiskCard({ disk }: { disk: DiskState | null }) {
  const state: ServiceState = disk === null ? 'degraded' : disk.low ? 'degraded' : 'operational';
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-muted">
        <HardDrive aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        {disk ? (
          <>
            {disk.freeBytes !== undefined &&
              disk.totalBytes !== undefined &&
              disk.minFreeBytes !== undefined && (
                <p className="text-sm text-muted">
                  <span className="font-mono text-fg">{formatBytes(disk.freeBytes)}</span> livres de{' '}
                  {formatBytes(disk.totalBytes)} (mínimo para envios: {formatBytes(disk.minFreeBytes)})
                </p>
              )}
            <p className="text-sm text-muted">{disk.low ? m.diskLow : m.diskOk}</p>
          </>
        ) : (
          <p className="text-sm text-muted">{m.diskUnknown}</p>
        )}
      </div>
      <StateBadge state={state} />
    </div>
  );
}

export function MaintenanceList({ windows, now }: { windows: MaintenanceWindow[]; now: number }) {
  if (windows.length === 0) return <p className="text-sm text-muted">{m.noMaintenance}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {windows.map((w) => {
        const ongoing = Date.parse(w.startsAt) <= now;
        return (
          <li key={w.id} className="flex gap-3 rounded-2xl border border-line bg-surface p-4">
            <Wrench aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-fg">{w.title}</h3>
                <span className="rounded-full border border-line-strong px-2 py-0.5 text-xs text-muted">
                  {ongoing ? m.ongoing : m.scheduled}
                </span>
              </div>
              <p className="mt-1 text-sm text-muted">
                <time dateTime={w.startsAt}>{formatDateTime(w.startsAt)}</time> até{' '}
                <time dateTime={w.endsAt}>{formatDateTime(w.endsAt)}</time>
              </p>
              {w.description && <p className="mt-2 text-sm text-fg">{w.description}</p>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The current time, every second, for 'Atualizado há Xs'. */
export function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
