import { useState } from 'react';
import type { CardLayout } from './ListingCard';
import type { Columns } from './ListingGrid';

const STORAGE_KEY = 'marketplace-view';

interface ViewPreference {
  layout: CardLayout;
  columns: Columns;
}

const fallback: ViewPreference = { layout: 'grid', columns: 4 };

function read(): ViewPreference {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ViewPreference> | null;
    return {
      layout: stored?.layout === 'list' ? 'list' : 'grid',
      columns: stored?.columns === 2 || stored?.columns === 3 ? stored.columns : 4,
    };
  } catch {
    return fallback;
  }
}

/** Grid or list and the column count: a preference of this browser, not part of the shared URL. */
export function useViewPreference() {
  const [view, setView] = useState(read);
  const update = (change: Partial<ViewPreference>) => {
    const next = { ...view, ...change };
    setView(next);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Private mode or a full quota: the choice lasts for this visit only.
    }
  };
  return {
    ...view,
    setLayout: (layout: CardLayout) => update({ layout }),
    setColumns: (columns: Columns) => update({ columns }),
  };
}
