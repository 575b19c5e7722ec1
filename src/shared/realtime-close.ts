/**
 * Close codes of `/ws` the browser acts on (issue 25). A separate file from `realtime.ts` so the tab's entry chunk
 * imports these values without zod. Either means: reconnect once, at once, as whatever the cookie now says; a
 * refused reconnect (401: signed out) ends the retries.
 */
export const REALTIME_CLOSE = {
  /** The socket's session ended: signed out, ended from another device, the account suspended or deleted. */
  sessionEnded: 4401,
  /** The user's rights changed (a staff role given, changed or removed): the rooms they may hear changed. */
  rightsChanged: 4403,
} as const;
