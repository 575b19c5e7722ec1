import { Button } from '@web/components/ui/button';
import { Share, SquarePlus, X } from 'lucide-react';
import { useState } from 'react';
import { dismissHint } from './dismissal';
import { promptInstall, useInstallPrompt } from './install-prompt';

export type InstallHintKind = 'prompt' | 'ios';

/**
 * The install hint (issue 38), a small dismissible card above the bottom tab bar (bottom right on a desktop):
 * on Chromium, 'Instalar app' opens the browser's install dialog; on Safari for iOS, the two taps that add the app
 * to the Home Screen, the only place iOS delivers Web Push. 'Agora não' hides it on this browser for a while.
 */
export default function InstallHint({ kind }: { kind: InstallHintKind }) {
  const offer = useInstallPrompt();
  const [closed, setClosed] = useState(false);
  if (closed || (kind === 'prompt' && !offer)) return null;

  const close = () => {
    dismissHint();
    setClosed(true);
  };

  return (
    <aside
      aria-label="Instalar o app"
      className="fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-40 mx-auto flex max-w-md items-start gap-3 rounded-xl border border-line-strong bg-surface-2 p-3 shadow-[0_8px_30px_rgb(0_0_0/0.45)] lg:inset-x-auto lg:right-6 lg:bottom-6 lg:w-96"
    >
      <img src="/icons/icon-192.png" alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-fg text-sm">Instale o Mercado Gamer</p>
        {kind === 'prompt' ? (
          <>
            <p className="mt-0.5 text-muted text-sm">Abra direto da tela inicial, como um app.</p>
            <Button
              size="sm"
              className="mt-2.5"
              onClick={() => {
                if (offer) void promptInstall(offer).then((installed) => installed && setClosed(true));
              }}
            >
              Instalar app
            </Button>
          </>
        ) : (
          <p className="mt-0.5 text-muted text-sm">
            Toque em <Share aria-hidden className="inline size-4 align-[-0.2em] text-accent" />{' '}
            <strong className="font-semibold text-fg">Compartilhar</strong> →{' '}
            <SquarePlus aria-hidden className="inline size-4 align-[-0.2em] text-accent" />{' '}
            <strong className="font-semibold text-fg">Adicionar à Tela de Início</strong>. No iPhone, as
            notificações chegam só pelo app da Tela de Início.
          </p>
        )}
      </div>
      <Button variant="ghost" size="icon-sm" aria-label="Agora não" title="Agora não" onClick={close}>
        <X aria-hidden />
      </Button>
    </aside>
  );
}
