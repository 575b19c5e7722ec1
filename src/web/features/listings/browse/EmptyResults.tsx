import { listingMessages } from '@shared/listing-messages';
import { PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';

/** The results' empty state: by default the empty catalogue's words; a search without results says its own. */
export function EmptyResults({
  title = listingMessages.noProductsTitle,
  message = listingMessages.noProducts,
  children,
}: {
  title?: string;
  message?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-4 py-10 text-center sm:px-6 sm:py-14">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <PackageSearch aria-hidden className="size-7" />
      </span>
      <h2 className="mt-4 max-w-full text-lg font-semibold break-words text-fg">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">{message}</p>
      {children && <div className="mt-5 flex w-full flex-col items-center gap-5">{children}</div>}
    </div>
  );
}
