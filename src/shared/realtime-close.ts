/**
 * Close codes of `/ws` the browser acts on (issue 25). A separate file from `realtime.ts` so the tab's entry chunk
 * imports these values without zod.
 */
export const REALTIME_CLOSE = {
  /** The socket's session ended: signed out, ended from another device, the account suspended or deleted. */
  sessionEnded: 4401,
  /** The user's rights changed (a staff role given, changed or removed): the rooms they may hear changed. */
  rightsChanged: 4403,
  /**
   * The process is shutting down (RFC 6455's 1012 "service restart"): reconnect soon, through the load balancer
   * to another process or to this one restarted, resuming from the last event.
   */
  serviceRestart: 1012,
} as const;

/**
 * The closes after which the session must be read again: reconnect once, at once, as whatever the cookie now
 * says; a refused reconnect (401: signed out) ends the retries.
 */
export const REAUTHENTICATE_CLOSES: ReadonlySet<number> = new Set([
  REALTIME_CLOSE.sessionEnded,
  REALTIME_CLOSE.rightsChanged,
]);
