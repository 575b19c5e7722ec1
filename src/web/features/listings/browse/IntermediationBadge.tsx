import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

/** The floating call to the secure trade room on category pages (part 1 §2). */
export function IntermediationBadge() {
  return (
    <Link
      to="/intermediacao"
      className="fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-20 inline-flex items-center gap-2 rounded-full bg-accent px-4 py-2.5 text-sm font-semibold text-accent-fg shadow-glow transition-[transform,background-color] hover:-translate-y-0.5 hover:bg-accent-strong lg:right-6 lg:bottom-6"
    >
      <ShieldCheck aria-hidden className="size-4" />
      Sala de Intermediação 4a!
    </Link>
  );
}
