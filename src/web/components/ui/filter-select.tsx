import { Select } from '@web/components/ui/select';
import { useId } from 'react';

/** A list's filter: a label beside a select whose first option ('Todos', 'Todas', 'Tudo') lifts it. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  allLabel: string;
  onChange: (value: V | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="w-48">
        <Select id={id} value={value ?? ''} onChange={(e) => onChange((e.target.value || undefined) as V)}>
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
