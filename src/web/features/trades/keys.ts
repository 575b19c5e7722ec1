/**
 * Every trade query sits under 'trades', so a step taken in the room refreshes the lists too. Apart from api.ts
 * so the live updates (loaded with the shell) do not pull the trades' schemas into the entry chunk.
 */
export const tradeKeys = {
  all: ['trades'] as const,
  lists: ['trades', 'list'] as const,
  list: (scope: 'mine' | 'desk') => ['trades', 'list', scope] as const,
  detail: (id: number) => ['trades', 'detail', id] as const,
};
