import { paths } from '@shared/paths';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { CircleCheck, Share2, X } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';

/** Navigation state of the listing page right after its seller published it. */
export const publishedState = { published: true } as const;

export function useJustPublished(): boolean {
  return (useLocation().state as { published?: boolean } | null)?.published === true;
}

/**
 * Told to the seller on the listing they have just published: it is live, and its link can be shared (the phone's
 * share sheet where there is one, else the link is copied).
 */
export function PublishedNotice({ listingId, title }: { listingId: number; title: string }) {
  const navigate = useNavigate();
  const url = `${window.location.origin}${paths.listing(listingId)}`;

  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is no failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await navigator.clipboard.writeText(url).then(
      () => toast.success('Link copiado', { description: url }),
      () => toast.error('Não foi possível copiar', { description: url }),
    );
  };

  return (
    <section
      aria-labelledby="published-notice"
      className="flex flex-col gap-3 rounded-2xl border border-accent/40 bg-accent-soft p-4 sm:flex-row sm:items-center"
    >
      <CircleCheck aria-hidden className="hidden size-6 shrink-0 text-accent sm:block" />
      <div className="min-w-0 flex-1">
        <h2 id="published-notice" className="font-semibold text-fg">
          Seu anúncio está no ar!
        </h2>
        <p className="text-sm text-muted">
          Compartilhe o link nos seus grupos e redes para vender mais rápido.
        </p>
      </div>
      <div className="flex gap-2">
        <Button onClick={share}>
          <Share2 aria-hidden />
          Compartilhar
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Fechar aviso"
          onClick={() => navigate('.', { replace: true, state: null })}
        >
          <X aria-hidden />
        </Button>
      </div>
    </section>
  );
}
