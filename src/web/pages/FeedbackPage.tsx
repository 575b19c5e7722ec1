import { pageMeta } from '@shared/page-meta';
import { FeedbackForm } from '@web/features/support/FeedbackForm';

/** '/enviar-feedback' (part 2 §2 'Feedback'): the message the staff reads on the admin panel. */
export default function FeedbackPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <title>{pageMeta['/enviar-feedback'].title}</title>
      <header className="max-w-[72ch]">
        <p className="text-sm font-medium text-accent">Feedback</p>
        <h1 className="mt-2 font-display text-3xl leading-tight font-bold tracking-wide text-fg sm:text-4xl">
          Enviar feedback
        </h1>
        <p className="mt-4 text-base leading-7 text-muted">
          Sugestões, bugs, elogios e críticas: conte o que podemos melhorar.
        </p>
      </header>
      <div className="mt-8">
        <FeedbackForm />
      </div>
    </div>
  );
}
