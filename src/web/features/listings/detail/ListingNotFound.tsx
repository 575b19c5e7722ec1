import { listingMessages as m } from '@shared/listing-messages';
import { ButtonLink } from '@web/components/ui/button';
import { House, PackageX } from 'lucide-react';

/** A listing that does not exist or is no longer active. */
export function ListingNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <title>{`${m.notFound} | Mercado Gamer`}</title>
      <span className="flex size-16 items-center justify-center rounded-2xl border border-line bg-surface text-subtle">
        <PackageX aria-hidden className="size-8" />
      </span>
      <h1 className="mt-6 font-display text-2xl font-bold text-fg">{m.notFound}</h1>
      <p className="mt-3 max-w-md text-sm text-muted">
        Este anúncio não existe, foi removido ou já foi vendido.
      </p>
      <ButtonLink to="/" size="lg" className="mt-8">
        <House aria-hidden />
        Voltar ao início
      </ButtonLink>
    </div>
  );
}
