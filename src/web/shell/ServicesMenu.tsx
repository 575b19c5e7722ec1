import { deferred, useFirstUse } from '@web/lib/deferred';
import { Suspense } from 'react';
import { ServicesTrigger } from './ServicesTrigger';

const popup = deferred(() => import('./ServicesMenuPopup'));

/** The desktop 'Serviços' menu; the Radix menu loads on first use (see UserMenu). */
export function ServicesMenu() {
  const { active, triggerProps } = useFirstUse(popup);
  if (!active) return <ServicesTrigger {...triggerProps} />;
  return (
    <Suspense fallback={<ServicesTrigger aria-expanded={false} />}>
      <popup.Component />
    </Suspense>
  );
}
