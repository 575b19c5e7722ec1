import { paths } from '@shared/paths';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The floating call to the secure trade room on category pages (part 1 §2), placed where it covers no
 * content. Below 1024px it is the page's last item, held above the tab bar and its raised button while
 * the page scrolls, and it keeps its own slot, so at the end nothing stays under it. From 1024px it
 * floats in the banner's top-right corner, over the decoration; the page must be `relative`.
 */
export function IntermediationBadge() {
  return (
    <Link
      to={paths.intermediation}
      // From 1024px: the page's 2rem padding, then 1.25rem inside the banner.
      className="sticky bottom-[calc(6rem+env(safe-area-inset-bottom))] z-20 inline-flex items-center gap-2 self-end rounded-full bg-accent px-4 py-2.5 text-sm font-semibold text-accent-fg shadow-glow transition-[transform,background-color] hover:-translate-y-0.5 hover:bg-accent-strong lg:absolute lg:top-[3.25rem] lg:right-[3.25rem] lg:bottom-auto"
    >
      <ShieldCheck aria-hidden className="size-4" />
      Sala de Intermediação 4a!
    </Link>
  );
}
