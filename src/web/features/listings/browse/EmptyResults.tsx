import { listingMessages } from '@shared/listing-messages';
import { PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyResults({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <PackageSearch aria-hidden className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-fg">{listingMessages.noProductsTitle}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">{listingMessages.noProducts}</p>
      {children && <div className="mt-5 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
}
