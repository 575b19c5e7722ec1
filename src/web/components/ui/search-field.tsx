import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { type LucideIcon, Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';

const looks = {
  /** The top bar's slim pill, without a button. */
  bar: {
    frame:
      'h-10 rounded-full border-line hover:border-line-strong focus-within:ring-2 focus-within:ring-accent/25',
    icon: 'ml-3.5 size-4',
    input: 'h-full pr-4 pl-2.5',
    button: 'md',
  },
  md: {
    frame: 'rounded-xl border-line-strong p-1 focus-within:shadow-glow',
    icon: 'ml-3 size-[1.1rem]',
    input: 'h-10',
    button: 'md',
  },
  lg: {
    frame: 'rounded-xl border-line-strong p-1 focus-within:shadow-glow',
    icon: 'ml-3 size-[1.1rem]',
    input: 'h-12 sm:text-base',
    button: 'lg',
  },
  /** The welcome page's raised search. */
  hero: {
    frame:
      'rounded-2xl border-line-strong bg-surface-2/90 p-1.5 shadow-xl shadow-black/40 focus-within:shadow-glow',
    icon: 'ml-3.5 size-5',
    input: 'h-12 sm:text-base',
    button: 'lg',
  },
} as const;

export interface SearchFieldProps {
  /** The search in effect (e.g. the query in the URL); the field shows it again whenever it changes. */
  value?: string;
  /** Called with the trimmed text on submit. Without it, submitting does nothing (live filtering). */
  onSearch?: (text: string) => void;
  /** Called with the text on every keystroke, for lists that filter as the user types. */
  onInput?: (text: string) => void;
  /** Names the search landmark; without it, the input's label is the only name. */
  label?: string;
  inputLabel: string;
  placeholder: string;
  /** Shows an × that empties the field (and the search in effect) under this label. */
  clearLabel?: string;
  /** Adds a submit button: its text from 640px, `submitIcon` alone below. */
  submitLabel?: string;
  submitIcon?: LucideIcon;
  maxLength?: number;
  look?: keyof typeof looks;
  className?: string;
}

/** The one search input: a role=search form with the magnifier, the field and optional clear and submit buttons. */
export function SearchField({
  value = '',
  onSearch,
  onInput,
  label,
  inputLabel,
  placeholder,
  clearLabel,
  submitLabel,
  submitIcon: SubmitIcon = Search,
  maxLength,
  look = 'md',
  className,
}: SearchFieldProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const input = useRef<HTMLInputElement>(null);
  const style = looks[look];

  const change = (next: string) => {
    setText(next);
    onInput?.(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch?.(text.trim());
  };

  const clear = () => {
    change('');
    if (value && onSearch) onSearch('');
    // The × disappears with the text; focus stays in the field rather than falling to the page.
    input.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark the tests and older readers know.
    <form role="search" aria-label={label} onSubmit={onSubmit} className={cn('w-full', className)}>
      <div
        className={cn(
          'group flex items-center border bg-surface-2 transition-[border-color,box-shadow] focus-within:border-accent',
          style.frame,
        )}
      >
        <Search
          aria-hidden
          className={cn(
            'pointer-events-none shrink-0 text-subtle group-focus-within:text-accent',
            style.icon,
          )}
        />
        <input
          ref={input}
          type="search"
          name="q"
          aria-label={inputLabel}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={maxLength}
          value={text}
          onChange={(event) => change(event.target.value)}
          // 16px on phones: iOS zooms into smaller fields on focus.
          className={cn(
            'min-w-0 flex-1 bg-transparent px-3 text-base text-fg placeholder:text-subtle focus:outline-none sm:text-sm [&::-webkit-search-cancel-button]:hidden',
            style.input,
          )}
        />
        {clearLabel && text && (
          <button
            type="button"
            aria-label={clearLabel}
            onClick={clear}
            className="mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-subtle transition-colors hover:bg-surface-3 hover:text-fg"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
        {submitLabel && (
          <Button type="submit" size={style.button} className={cn(look === 'hero' && 'sm:px-7')}>
            <SubmitIcon aria-hidden className="sm:hidden" />
            <span className="sr-only sm:not-sr-only">{submitLabel}</span>
          </Button>
        )}
      </div>
    </form>
  );
}
