import { listingMessages as m } from '@shared/listing-messages';
import { paths } from '@shared/paths';
import { ButtonLink } from '@web/components/ui/button';
import { PackageX, Store } from 'lucide-react';

/**
 * A listing whose seller is suspended (decision 023): the server answers 'Anúncio indisponível' and nothing of the
 * item or its seller, and so does the page.
 */
export function ListingUnavailable() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <title>{`${m.unavailable} | Mercado Gamer`}</title>
      <span className="flex size-16 items-center justify-center rounded-2xl border border-line bg-surface text-subtle">
        <PackageX aria-hidden className="size-8" />
      </span>
      <h1 className="mt-6 font-display text-2xl font-bold text-fg">{m.unavailable}</h1>
      <p className="mt-3 max-w-md text-sm text-muted">{m.unavailableText}</p>
      <ButtonLink to={paths.marketplace} size="lg" className="mt-8">
        <Store aria-hidden />
        Ver o marketplace
      </ButtonLink>
    </div>
  );
}
