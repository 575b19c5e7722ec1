import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';

interface ForumSearchProps {
  value: string;
  /** The trimmed text; '' clears the search. */
  onSearch: (text: string) => void;
  className?: string;
}

/** Searches titles and content of the posts; an empty search shows every post again. */
export function ForumSearch({ value, onSearch, className }: ForumSearchProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark older readers know.
    <form
      role="search"
      aria-label="Buscar na comunidade"
      onSubmit={onSubmit}
      className={cn('w-full', className)}
    >
      <div className="group flex items-center rounded-xl border border-line-strong bg-surface-2 p-1 transition-[border-color,box-shadow] focus-within:border-accent focus-within:shadow-glow">
        <Search
          aria-hidden
          className="pointer-events-none ml-3 size-[1.1rem] shrink-0 text-subtle group-focus-within:text-accent"
        />
        <input
          type="search"
          name="q"
          aria-label="Buscar posts"
          placeholder="Buscar posts..."
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-10 min-w-0 flex-1 bg-transparent px-3 text-sm text-fg placeholder:text-subtle focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <button
            type="button"
            aria-label="Limpar busca"
            onClick={() => {
              setText('');
              if (value) onSearch('');
            }}
            className="mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-subtle hover:bg-surface-3 hover:text-fg"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
        <Button type="submit">
          <Search aria-hidden className="sm:hidden" />
          <span className="sr-only sm:not-sr-only">Buscar</span>
        </Button>
      </div>
    </form>
  );
}
