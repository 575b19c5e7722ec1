import { Button, type ButtonProps } from '@web/components/ui/button';
import { ChevronDown } from 'lucide-react';

/** The 'Serviços' button of the desktop top bar, shared by the plain menu and its Radix popup. */
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
