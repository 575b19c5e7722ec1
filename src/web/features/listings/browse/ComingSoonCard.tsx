import { Clock } from 'lucide-react';

/** Fills a short grid up to its size: a slot where a new listing will appear (part 1 §2). */
export function ComingSoonCard() {
  return (
    <article
      aria-label="Em breve"
      className="flex h-full flex-col overflow-hidden rounded-xl border border-dashed border-line-strong/70 bg-surface/50"
    >
      <div className="bg-grid flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-surface-2/40 text-subtle">
        <Clock aria-hidden className="size-7" />
        <span className="text-xs font-semibold tracking-[0.16em] uppercase">Em breve</span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <p className="text-xs text-subtle">Novo anúncio</p>
        <p className="mt-auto pt-2 font-display text-base font-bold tracking-wide text-subtle sm:text-lg">
          R$ --,--
        </p>
        <p className="text-xs text-subtle">Aguarde</p>
      </div>
    </article>
  );
}
