import { resumeActions } from '@shared/return-path';
import { useMe } from '@web/features/accounts/api';
import { useGoToLogin } from '@web/features/accounts/return-path';
import { cn } from '@web/lib/cn';
import { Heart } from 'lucide-react';
import { askToSignIn, useFavoriteIds, useToggleFavorite } from './api';

/** The heart on a card: a signed-in user's favourite, kept on the server; guests are asked to sign in. */
export function FavoriteButton({ listingId, className }: { listingId: number; className?: string }) {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const favorites = useFavoriteIds(signedIn);
  const goTo = useGoToLogin();
  // Back on this page once signed in, where the favourite is saved (ResumeFavorite).
  const goToLogin = () => goTo(resumeActions.favorite, listingId);
  const toggle = useToggleFavorite(goToLogin);
  const pressed = signedIn && (favorites.data?.has(listingId) ?? false);

  const onClick = async () => {
    // A press while the session is still being read waits for it, rather than doing nothing (a slow network).
    const isMember = me.isPending ? Boolean((await me.refetch()).data) : signedIn;
    if (!isMember) askToSignIn(goToLogin);
    else toggle.mutate({ listingId, favorite: !pressed });
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={pressed ? 'Remover dos favoritos' : 'Adicionar aos favoritos'}
      onClick={onClick}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-full border border-white/10 bg-bg/70 backdrop-blur-sm transition-[color,background-color,transform] duration-150 hover:scale-110 hover:bg-bg/90 active:scale-95',
        pressed ? 'text-danger' : 'text-fg/80 hover:text-danger',
        className,
      )}
    >
      <Heart aria-hidden className={cn('size-[1.1rem]', pressed && 'fill-current')} />
    </button>
  );
}
