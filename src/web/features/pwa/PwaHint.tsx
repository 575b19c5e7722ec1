import { lazy, Suspense, useMemo } from 'react';
import { useLocation } from 'react-router';
import { hintDismissed } from './dismissal';
import { useInstallPrompt } from './install-prompt';
import { browserFacts, isIosSafariTab } from './platform';

const InstallHint = lazy(() => import('./InstallHint'));

/** Screens whose bottom holds their own controls (a trade room's call and chat): no hint over them. */
const busyScreens = ['/intermediacao/'];

/**
 * Mounts the install hint only where it applies: Chromium has offered the install (`beforeinstallprompt`), or
 * this is Safari on iOS outside a Home Screen app; never once dismissed. Its code loads only then.
 */
export function PwaHint() {
  const { pathname } = useLocation();
  const offer = useInstallPrompt();
  const ios = useMemo(() => isIosSafariTab(browserFacts()), []);
  const dismissed = useMemo(() => hintDismissed(), []);
  const kind = offer ? 'prompt' : ios ? 'ios' : null;
  if (!kind || dismissed || busyScreens.some((path) => pathname.startsWith(path))) return null;
  return (
    <Suspense fallback={null}>
      <InstallHint kind={kind} />
    </Suspense>
  );
}
