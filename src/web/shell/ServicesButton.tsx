import { deferred } from '@web/lib/deferred';
import { Plus } from 'lucide-react';
import { Suspense, useState } from 'react';

const dialog = deferred(() => import('./ServicesDialog'));

/** The raised 'Serviços' button of the bottom tab bar and its dialog (loaded on first use). */
export function ServicesButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={dialog.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="group -mt-5 flex flex-col items-center gap-1 text-[0.7rem] font-medium text-muted focus-visible:outline-none"
      >
        <span className="flex size-14 items-center justify-center rounded-full border-4 border-bg bg-accent text-accent-fg shadow-[0_0_24px_-4px_var(--color-accent)] transition-transform group-hover:scale-105 group-active:scale-95 group-focus-visible:ring-2 group-focus-visible:ring-accent group-focus-visible:ring-offset-2 group-focus-visible:ring-offset-bg">
          <Plus aria-hidden className="size-6" strokeWidth={2.5} />
        </span>
        Serviços
      </button>
      {used && (
        <Suspense fallback={null}>
          <dialog.Component open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
