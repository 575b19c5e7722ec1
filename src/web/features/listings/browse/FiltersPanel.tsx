import { parsePriceCents } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { useGames } from '@web/features/games/api';
import { cn } from '@web/lib/cn';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type MarketplaceFilters, priceInputText } from './filters';

interface FiltersPanelProps {
  filters: MarketplaceFilters;
  onGame: (slug: string | null) => void;
  /** Prices in reais; null clears one. */
  onPrices: (min: number | null, max: number | null) => void;
  id?: string;
  className?: string;
}

/** Game and price range. The game applies at once; prices when the form is sent. */
export function FiltersPanel({ filters, onGame, onPrices, id, className }: FiltersPanelProps) {
  const games = useGames();
  const gameId = useId();
  const [min, setMin] = useState(priceInputText(filters.min));
  const [max, setMax] = useState(priceInputText(filters.max));
  useEffect(() => setMin(priceInputText(filters.min)), [filters.min]);
  useEffect(() => setMax(priceInputText(filters.max)), [filters.max]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onPrices(toReais(min), toReais(max));
  };

  return (
    <form
      id={id}
      aria-label="Filtros"
      onSubmit={onSubmit}
      className={cn('grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end', className)}
    >
      <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
        <label htmlFor={gameId} className="text-xs font-medium text-muted">
          Jogo
        </label>
        <Select
          id={gameId}
          value={filters.game ?? ''}
          onChange={(event) => onGame(event.target.value || null)}
          className="h-10!"
          disabled={games.isPending}
        >
          <option value="">Todos os jogos</option>
          {games.data?.map((game) => (
            <option key={game.id} value={game.slug}>
              {game.name}
            </option>
          ))}
        </Select>
      </div>
      <PriceInput label="Preço mínimo" value={min} onChange={setMin} />
      <PriceInput label="Preço máximo" value={max} onChange={setMax} />
      <Button type="submit" variant="secondary" className="col-span-2 lg:col-span-1 lg:px-6">
        Aplicar
      </Button>
    </form>
  );
}

function PriceInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <span className="relative">
        <span
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-subtle"
        >
          R$
        </span>
        <Input
          id={id}
          inputMode="decimal"
          placeholder="0,00"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-10! pl-9!"
        />
      </span>
    </div>
  );
}

/** What the user typed ('19,90', '1.500') in reais, or null when blank or not a price. */
function toReais(text: string): number | null {
  const cents = parsePriceCents(text);
  return Number.isNaN(cents) ? null : cents / 100;
}
