import type { ListingDetail } from '@shared/listings';
import { paths } from '@shared/paths';
import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';

/** Marketplace / game / title. */
export function Breadcrumb({ listing }: { listing: ListingDetail }) {
  const trail = [
    { to: paths.marketplace, label: 'Marketplace' },
    { to: paths.category(listing.game.slug), label: listing.game.name },
  ];
  return (
    <nav aria-label="Trilha de navegação" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted">
        {trail.map((step) => (
          <Fragment key={step.to}>
            <li className="shrink-0">
              <Link to={step.to} className="transition-colors hover:text-accent">
                {step.label}
              </Link>
            </li>
            <li aria-hidden className="shrink-0 text-subtle">
              <ChevronRight className="size-3.5" />
            </li>
          </Fragment>
        ))}
        <li aria-current="page" className="min-w-0 truncate text-fg">
          {listing.title}
        </li>
      </ol>
    </nav>
  );
}
