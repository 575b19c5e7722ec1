/**
 * "First data": the API answers the server writes into a page's HTML, so the browser shows the page without
 * asking for them again. `<script type="application/json" id="first-data">{"/api/games": {...}}</script>`,
 * keyed by the API path with its query parameters in alphabetical order.
 */
export const FIRST_DATA_ELEMENT_ID = 'first-data';

/** `/api/listings?sort=recent&pageSize=12` → `/api/listings?pageSize=12&sort=recent`: one key per request. */
export function firstDataKey(path: string): string {
  const url = new URL(path, 'http://localhost');
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(params).toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}
