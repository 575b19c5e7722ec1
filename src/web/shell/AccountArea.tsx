import { paths } from '@shared/paths';
import { ButtonLink } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMe } from '@web/features/accounts/api';
import { lazy, Suspense } from 'react';

// Guests never download the user menu.
const UserMenu = lazy(() => import('./UserMenu'));

/** The right end of the top bars: the user menu, or 'Entrar' and 'Cadastrar' for guests. */
export function AccountArea({ compact = false }: { compact?: boolean }) {
  const me = useMe();

  const placeholder = compact ? (
    <Skeleton className="size-10 rounded-full" />
  ) : (
    <Skeleton className="h-11 w-44 rounded-full" />
  );
  if (me.isPending) return placeholder;
  if (me.data) {
    return (
      <Suspense fallback={placeholder}>
        <UserMenu user={me.data} compact={compact} />
      </Suspense>
    );
  }

  // A guest, or `me` failed: the sign-in links still work.
  if (compact) {
    return (
      <ButtonLink to={paths.login} variant="outline" size="sm">
        Entrar
      </ButtonLink>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <ButtonLink to={paths.login} variant="ghost">
        Entrar
      </ButtonLink>
      <ButtonLink to={paths.register}>Cadastrar</ButtonLink>
    </div>
  );
}
