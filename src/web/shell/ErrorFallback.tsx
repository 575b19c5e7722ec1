import { buttonClasses } from '@web/components/ui/button';
import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** The full-screen page shown on an unexpected error (part 1 §2 'Error fallback'). Needs no router. */
export function ErrorFallback() {
  return (
    <div
      role="alert"
      className="bg-grid fixed inset-0 z-[100] flex items-center justify-center overflow-y-auto bg-bg p-6"
    >
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-2xl shadow-black/60">
        <div className="mx-auto mb-6 flex size-16 items-center justify-center rounded-2xl border border-danger/40 bg-danger/10 text-danger">
          <TriangleAlert aria-hidden className="size-8" />
        </div>
        <h1 className="font-display text-2xl font-bold text-fg">Ops! Algo deu errado</h1>
        <p className="mt-3 text-sm leading-relaxed text-muted">
          Ocorreu um erro inesperado. Nossa equipe foi notificada e está trabalhando para resolver.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className={buttonClasses({ variant: 'primary' })}
          >
            Recarregar página
          </button>
          <a href="/" className={buttonClasses({ variant: 'secondary' })}>
            Voltar ao início
          </a>
        </div>
      </div>
    </div>
  );
}

interface BoundaryState {
  failed: boolean;
}

/**
 * Shows the fallback instead of a broken tree: around the whole app, and around each page (keyed by path,
 * so moving to another page starts clean), where it also catches a page whose code failed to load.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Erro inesperado:', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
