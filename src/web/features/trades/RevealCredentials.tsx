import type { TradeView } from '@shared/trades';
import { Button } from '@web/components/ui/button';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useRevealCredentials } from './api';
import { CopyButton } from './CopyButton';
import { isInstantTrade, revealWords } from './instant-trade';
import { reportStepError } from './step-errors';

/**
 * 'Mostrar dados de acesso': the delivered account data, read from the server on demand (each reading audited). On an
 * instant delivery the same sealed reveal carries the code the vault delivered: 'Seu código', 'Mostrar código'.
 */
export function RevealCredentials({ trade }: { trade: TradeView }) {
  const id = useId();
  const reveal = useRevealCredentials(trade.id);
  const [shown, setShown] = useState<string | null>(null);
  const words = revealWords(isInstantTrade(trade), trade.viewerRole);

  if (shown === null)
    return (
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold text-fg">{words.title}</h3>
        <p className="text-sm text-muted">{words.intro}</p>
        <Button
          variant="secondary"
          className="self-start"
          busy={reveal.isPending}
          onClick={() =>
            reveal.mutate(undefined, {
              onSuccess: ({ credentials }) => setShown(credentials),
              onError: (error) => reportStepError(error),
            })
          }
        >
          {!reveal.isPending && <Eye aria-hidden />}
          {words.show}
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-2">
      <h3 id={`${id}-title`} className="font-semibold text-fg">
        {words.title}
      </h3>
      <pre
        aria-describedby={`${id}-title`}
        className="rounded-xl border border-line-strong bg-bg p-4 font-mono text-sm whitespace-pre-wrap break-all text-fg"
      >
        {shown}
      </pre>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={shown} label={words.copy} />
        <Button variant="ghost" onClick={() => setShown(null)}>
          <EyeOff aria-hidden />
          Ocultar
        </Button>
      </div>
    </div>
  );
}
