import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

/** 'Ver todos →' beside a section heading, to the full list in the marketplace. */
export function SeeAllLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold whitespace-nowrap text-accent hover:underline"
    >
      Ver todos
      <ArrowRight aria-hidden className="size-4" />
    </Link>
  );
}
