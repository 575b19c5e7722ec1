/**
 * Where a guest was headed when asked to sign in: '/login?destino=/listing/12?acao=comprar'. The path travels through
 * the sign-in, the sign-up (and its confirmation link) and the Discord callback, and the page it names resumes the
 * action in `acao` once the member is signed in. Pure strings: the web entry loads it.
 */
import { withQuery } from './paths';

/** The query parameter of /login and /register that carries the return path (as the Discord code step does). */
export const RETURN_PARAM = 'destino';
/** The parameter of the return path that names the action to resume. */
export const RESUME_PARAM = 'acao';
/** The listing a resumed favourite is for (a card on any page). */
export const RESUME_LISTING_PARAM = 'anuncio';
export const MAX_RETURN_PATH_LENGTH = 500;

export const resumeActions = {
  buy: 'comprar',
  offer: 'ofertar',
  favorite: 'favoritar',
  // Saved searches that alert (issue 38 part 3): the marketplace's 'Me avise' dialog opens again.
  alert: 'avisar',
} as const;
export type ResumeAction = (typeof resumeActions)[keyof typeof resumeActions];

const ORIGIN = 'https://mercado.invalid';

/**
 * Whether a path may be a return path: one of this site's pages, never another origin ('//evil.example',
 * '/\\evil.example', 'https://…', 'javascript:…' are all refused).
 */
export function isReturnPath(path: string | null | undefined): path is string {
  if (!path || path.length > MAX_RETURN_PATH_LENGTH) return false;
  // A backslash or a control character could be read as '/' or dropped by a browser: '/\\evil.example'.
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\p{Cc}]/u.test(path)) return false;
  return new URL(path, ORIGIN).origin === ORIGIN;
}

/** The return path when it is one, else undefined. */
export const returnPathOrNone = (path: string | null | undefined) => (isReturnPath(path) ? path : undefined);

/** '/login' (or '/register') that comes back to `returnTo` afterwards. */
export const withReturnPath = (page: string, returnTo: string | null | undefined) =>
  withQuery(page, { [RETURN_PARAM]: returnPathOrNone(returnTo) });

/** The page a guest is on, with the action to resume there (and the listing, for a card's favourite). */
export function resumePath(
  current: { pathname: string; search: string },
  action: ResumeAction,
  listingId?: number,
): string {
  const params = new URLSearchParams(current.search);
  params.set(RESUME_PARAM, action);
  if (listingId === undefined) params.delete(RESUME_LISTING_PARAM);
  else params.set(RESUME_LISTING_PARAM, String(listingId));
  return `${current.pathname}?${params}`;
}
