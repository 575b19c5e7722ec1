import { cn } from '@web/lib/cn';
import { LayoutGrid, List } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CardLayout } from './ListingCard';
import type { Columns } from './ListingGrid';

interface ViewControlsProps {
  layout: CardLayout;
  columns: Columns;
  onLayout: (layout: CardLayout) => void;
  onColumns: (columns: Columns) => void;
}

/** Grid or list, and on desktop 2, 3 or 4 columns. */
export function ViewControls({ layout, columns, onLayout, onColumns }: ViewControlsProps) {
  return (
    <div className="flex items-center gap-2">
      <Segmented label="Visualização">
        <Choice pressed={layout === 'grid'} label="Grade" onClick={() => onLayout('grid')}>
          <LayoutGrid aria-hidden className="size-4" />
        </Choice>
        <Choice pressed={layout === 'list'} label="Lista" onClick={() => onLayout('list')}>
          <List aria-hidden className="size-4" />
        </Choice>
      </Segmented>
      {layout === 'grid' && (
        <Segmented label="Colunas" className="hidden lg:flex">
          {([2, 3, 4] as const).map((n) => (
            <Choice key={n} pressed={columns === n} label={`${n} colunas`} onClick={() => onColumns(n)}>
              <span className="text-xs font-semibold">{n}</span>
            </Choice>
          ))}
        </Segmented>
      )}
    </div>
  );
}

function Segmented({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={cn(
        'flex h-10 items-center gap-0.5 rounded-lg border border-line bg-surface-2 p-1',
        className,
      )}
    >
      <legend className="sr-only">{label}</legend>
      {children}
    </fieldset>
  );
}

function Choice({
  pressed,
  label,
  onClick,
  children,
}: {
  pressed: boolean;
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn(
        'inline-flex h-full min-w-8 items-center justify-center rounded-md px-1.5 transition-colors',
        pressed ? 'bg-accent-soft text-accent' : 'text-muted hover:bg-surface-3 hover:text-fg',
      )}
    >
      {children}
    </button>
  );
}
