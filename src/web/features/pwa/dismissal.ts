const STORAGE_KEY = 'install-hint-dismissed';
/** A dismissed hint comes back after this long: the member may have changed phones or minds. */
const DISMISSED_FOR_MS = 60 * 24 * 60 * 60_000;

/** Whether this browser dismissed the install hint lately ('Agora não'). */
export function hintDismissed(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(at) && at > 0 && now - at < DISMISSED_FOR_MS;
  } catch {
    return false;
  }
}

export function dismissHint(now = Date.now()) {
  try {
    localStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Private mode or a full quota: dismissed for this visit only.
  }
}
