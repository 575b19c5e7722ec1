import { ButtonLink } from '@web/components/ui/button';
import { House } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Any path without a route (part 1 §2 '404 page'). The path is logged as a warning. */
export default function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.warn(`404: nenhuma página em ${pathname}`);
  }, [pathname]);

  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <title>Página não encontrada | Mercado Gamer</title>
      {/* The server answers every unknown path with the app (200): crawlers, which run it, learn here to drop it. */}
      <meta name="robots" content="noindex" />
      <p
        aria-hidden
        className="font-display text-8xl font-black tracking-widest text-transparent [-webkit-text-stroke:2px_var(--color-accent)] sm:text-9xl"
      >
        404
      </p>
      <h1 className="mt-6 font-display text-2xl font-bold text-fg sm:text-3xl">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-sm text-muted">
        O endereço <code className="rounded bg-surface-3 px-1.5 py-0.5 text-fg">{pathname}</code> não existe
        ou foi removido.
      </p>
      <ButtonLink to="/" size="lg" className="mt-8">
        <House aria-hidden />
        Voltar ao início
      </ButtonLink>
    </div>
  );
}
