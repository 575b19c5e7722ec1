import type { SortOrder } from '@shared/listings';
import { Select } from '@web/components/ui/select';
import { useId } from 'react';
import { sortChoices } from './filters';

interface SortSelectProps {
  value: SortOrder;
  /** 'Mais relevantes' is offered only for a text search. */
  hasQuery: boolean;
  onChange: (sort: SortOrder) => void;
}

export function SortSelect({ value, hasQuery, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <label htmlFor={id} className="hidden text-sm whitespace-nowrap text-muted sm:inline">
        Ordenar por
      </label>
      <div className="min-w-0 flex-1">
        <Select
          id={id}
          aria-label="Ordenar por"
          value={value}
          onChange={(event) => onChange(event.target.value as SortOrder)}
          className="h-10! w-full sm:w-44"
        >
          {sortChoices(hasQuery).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
