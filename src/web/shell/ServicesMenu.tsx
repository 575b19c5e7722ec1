import { Button, type ButtonProps } from '@web/components/ui/button';
import { ChevronDown } from 'lucide-react';
import { Suspense } from 'react';
import { deferred, useFirstUse } from './deferred';

const popup = deferred(() => import('./ServicesMenuPopup'));

/** The 'Serviços' button of the desktop top bar. */
export function ServicesTrigger(props: ButtonProps) {
  return (
    <Button variant="ghost" aria-haspopup="menu" className="group data-[state=open]:bg-surface-3" {...props}>
      Serviços
      <ChevronDown
        aria-hidden
        className="transition-transform duration-150 group-data-[state=open]:rotate-180"
      />
    </Button>
  );
}

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
