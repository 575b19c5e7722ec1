import { type GroupFilters, groupMessages as m } from '@shared/group-directory';
import { SearchField } from '@web/components/ui/search-field';
import { cn } from '@web/lib/cn';
import { BadgeCheck, Crown } from 'lucide-react';
import type { ReactNode } from 'react';

interface GroupFilterBarProps {
  filters: GroupFilters;
  /** The chips' games, most groups first. */
  categories: string[];
  onChange: (changes: Partial<GroupFilters>) => void;
}

/** Search, game chips and the Oficiais/VIP toggles; every change filters at once. */
export function GroupFilterBar({ filters, categories, onChange }: GroupFilterBarProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchField
          value={filters.search}
          onInput={(search) => onChange({ search })}
          label="Grupos"
          inputLabel="Pesquisar grupos"
          placeholder="Pesquisar grupos da comunidade..."
          clearLabel="Limpar pesquisa"
          className="min-w-0 lg:flex-1"
        />
        <fieldset className="flex gap-2">
          <legend className="sr-only">Tipo de grupo</legend>
          <Chip
            pressed={filters.onlyOfficial}
            onClick={() => onChange({ onlyOfficial: !filters.onlyOfficial })}
            tone="accent"
            className="flex-1 lg:flex-none"
          >
            <BadgeCheck aria-hidden className="size-4" />
            {m.onlyOfficial}
          </Chip>
          <Chip
            pressed={filters.onlyVip}
            onClick={() => onChange({ onlyVip: !filters.onlyVip })}
            tone="warning"
            className="flex-1 lg:flex-none"
          >
            <Crown aria-hidden className="size-4" />
            {m.onlyVip}
          </Chip>
        </fieldset>
      </div>

      <fieldset className="-mx-4 min-w-0 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0">
        <legend className="sr-only">Jogo</legend>
        {/* One scrolling strip on phones, wrapping rows from 640px. */}
        <div className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
          <Chip pressed={filters.category === null} onClick={() => onChange({ category: null })}>
            {m.allGames}
          </Chip>
          {categories.map((category) => (
            <Chip
              key={category}
              pressed={filters.category === category}
              onClick={() => onChange({ category: filters.category === category ? null : category })}
            >
              {category}
            </Chip>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

const tones = {
  accent: 'border-accent/60 bg-accent-soft text-accent',
  warning: 'border-warning/60 bg-warning/10 text-warning',
} as const;

function Chip({
  pressed,
  onClick,
  tone = 'accent',
  className,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  tone?: keyof typeof tones;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-10 items-center justify-center gap-1.5 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors',
        pressed ? tones[tone] : 'border-line bg-surface text-muted hover:border-line-strong hover:text-fg',
        className,
      )}
    >
      {children}
    </button>
  );
}
