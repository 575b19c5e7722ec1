import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';

interface SearchBoxProps {
  /** The text shown at first (the current query). */
  value?: string;
  label: string;
  placeholder: string;
  /** Called with the trimmed text; blank searches are ignored (part 1 §5). */
  onSearch: (text: string) => void;
  size?: 'md' | 'lg';
  className?: string;
}

/** A search field with its button, as the marketplace and search pages show it. */
export function SearchBox({
  value = '',
  label,
  placeholder,
  onSearch,
  size = 'md',
  className,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (query) onSearch(query);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark older readers know.
    <form role="search" aria-label={label} onSubmit={onSubmit} className={cn('w-full', className)}>
      <div className="group flex items-center rounded-xl border border-line-strong bg-surface-2 p-1 transition-[border-color,box-shadow] focus-within:border-accent focus-within:shadow-glow">
        <Search
          aria-hidden
          className="pointer-events-none ml-3 size-[1.1rem] shrink-0 text-subtle group-focus-within:text-accent"
        />
        <input
          type="search"
          name="q"
          aria-label={label}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={cn(
            'min-w-0 flex-1 bg-transparent px-3 text-fg placeholder:text-subtle focus:outline-none [&::-webkit-search-cancel-button]:hidden',
            size === 'lg' ? 'h-12 text-base' : 'h-10 text-sm',
          )}
        />
        <Button type="submit" size={size === 'lg' ? 'lg' : 'md'}>
          <Search aria-hidden className="sm:hidden" />
          <span className="sr-only sm:not-sr-only">Buscar</span>
        </Button>
      </div>
    </form>
  );
}
