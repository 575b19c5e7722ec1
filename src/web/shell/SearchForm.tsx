import { searchPath } from '@shared/search';
import { cn } from '@web/lib/cn';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The shell's search: goes to /marketplace?q={text} only when the text is not blank after trimming. */
export function SearchForm({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);

  // Show the query of the page being viewed (e.g. after following a search).
  useEffect(() => setText(query), [query]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = searchPath(text);
    if (path) navigate(path);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark the tests and older readers know.
    <form role="search" onSubmit={onSubmit} className={cn('relative w-full', className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-subtle"
      />
      <input
        type="search"
        name="q"
        aria-label="Buscar"
        placeholder="Buscar itens, contas, skins..."
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-10 w-full rounded-full border border-line bg-surface-2 pr-4 pl-10 text-sm text-fg placeholder:text-subtle transition-[border-color,box-shadow] hover:border-line-strong focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/25 focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
    </form>
  );
}
