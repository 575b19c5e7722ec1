import { type GroupFilters, groupMessages as m } from '@shared/group-directory';
import { cn } from '@web/lib/cn';
import { BadgeCheck, Crown, Search, X } from 'lucide-react';
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
        <SearchField value={filters.search} onChange={(search) => onChange({ search })} />
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

function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark older readers know.
    <form
      role="search"
      aria-label="Grupos"
      onSubmit={(event) => event.preventDefault()}
      className="group flex h-12 w-full min-w-0 items-center lg:flex-1 rounded-xl border border-line-strong bg-surface-2 transition-[border-color,box-shadow] focus-within:border-accent focus-within:shadow-glow"
    >
      <Search
        aria-hidden
        className="pointer-events-none ml-3.5 size-[1.1rem] shrink-0 text-subtle group-focus-within:text-accent"
      />
      <input
        type="search"
        aria-label="Pesquisar grupos"
        placeholder="Pesquisar grupos da comunidade..."
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-full min-w-0 flex-1 bg-transparent px-3 text-base text-fg placeholder:text-subtle focus:outline-none sm:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          aria-label="Limpar pesquisa"
          onClick={() => onChange('')}
          className="mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-3 hover:text-fg"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </form>
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
