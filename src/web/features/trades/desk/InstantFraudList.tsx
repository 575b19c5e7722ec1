import { paths } from '@shared/paths';
import { plural } from '@shared/plural';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { describedBy, Field } from '@web/components/ui/field';
import { fieldClasses } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { PauseCircle, PlayCircle, ShieldAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { type InstantFraudSignal, usePauseInstant, useResumeInstant } from './api';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

/**
 * Instant delivery's fraud signal (issue 37): sellers whose delivered codes buyers dispute past the thresholds, the
 * worst first, with the figures; staff may pause all their instant listings, with a reason (audited).
 */
export function InstantFraudList({ signals }: { signals: InstantFraudSignal[] }) {
  const [pausing, setPausing] = useState<InstantFraudSignal | null>(null);
  if (signals.length === 0) return null;
  return (
    <section
      aria-labelledby="fraude-entrega-automatica"
      className="mb-4 rounded-xl border border-danger/40 bg-danger/5 p-4"
    >
      <h3 id="fraude-entrega-automatica" className="flex items-center gap-2 font-semibold text-fg">
        <ShieldAlert aria-hidden className="size-5 text-danger" />
        Entrega automática: códigos contestados
      </h3>
      <p className="mt-1 text-sm text-muted">
        Vendedores cujos códigos entregues automaticamente são contestados em disputas com frequência.
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {signals.map((signal) => (
          <li
            key={signal.sellerId}
            className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <Link
                to={paths.adminMember(signal.sellerId)}
                className="font-medium text-fg underline underline-offset-4 hover:text-accent"
              >
                {signal.nickname}
              </Link>
              <p className="mt-0.5 text-sm text-muted">
                {plural(signal.disputed, 'disputa', 'disputas')} em{' '}
                {plural(signal.delivered, 'código entregue', 'códigos entregues')} ·{' '}
                <strong className="text-danger">{percent.format(signal.rate)}</strong> contestados
                {` · ${plural(signal.instantListings, 'anúncio automático à venda', 'anúncios automáticos à venda')}`}
                {signal.pausedByStaff > 0 &&
                  ` · ${plural(signal.pausedByStaff, 'pausado pela equipe', 'pausados pela equipe')}`}
              </p>
            </div>
            {signal.pausedByStaff > 0 && <ResumeButton signal={signal} />}
            <Button
              size="sm"
              variant="danger"
              disabled={signal.instantListings === 0}
              aria-label={`Pausar entregas automáticas de ${signal.nickname}`}
              onClick={() => setPausing(signal)}
            >
              <PauseCircle aria-hidden />
              Pausar entregas automáticas
            </Button>
          </li>
        ))}
      </ul>
      <PauseInstantDialog signal={pausing} onClose={() => setPausing(null)} />
    </section>
  );
}

/** 'Reativar': the listings staff paused go back on sale (those without codes wait for them); the seller is told. */
function ResumeButton({ signal }: { signal: InstantFraudSignal }) {
  const resume = useResumeInstant();
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={resume.isPending}
      aria-label={`Reativar as entregas automáticas de ${signal.nickname}`}
      onClick={() =>
        resume.mutate(signal.sellerId, {
          onSuccess: ({ resumed }) =>
            toast.success(
              `${plural(resumed, 'anúncio reativado', 'anúncios reativados')} de ${signal.nickname}`,
            ),
          onError: (failure) =>
            toast.error('Não foi possível reativar as entregas automáticas', {
              description: isApiError(failure) && failure.isClientError ? failure.message : undefined,
            }),
        })
      }
    >
      <PlayCircle aria-hidden />
      Reativar
    </Button>
  );
}

/** 'Pausar entregas automáticas': the reason goes to the audit and to the seller. */
function PauseInstantDialog({ signal, onClose }: { signal: InstantFraudSignal | null; onClose: () => void }) {
  const id = useId();
  const pause = usePauseInstant();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = (open: boolean) => {
    if (open || pause.isPending) return;
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!signal) return;
    if (reason.trim() === '') return setError('Informe o motivo da pausa.');
    pause.mutate(
      { userId: signal.sellerId, reason: reason.trim() },
      {
        onSuccess: ({ paused }) => {
          toast.success(`${plural(paused, 'anúncio pausado', 'anúncios pausados')} de ${signal.nickname}`);
          setReason('');
          setError(undefined);
          onClose();
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.fields.reason) return setError(failure.fields.reason);
          toast.error('Não foi possível pausar as entregas automáticas', {
            description: isApiError(failure) && failure.isClientError ? failure.message : undefined,
          });
        },
      },
    );
  };
  return (
    <Dialog open={signal !== null} onOpenChange={close}>
      <DialogContent className="max-w-md">
        <DialogTitle>Pausar entregas automáticas?</DialogTitle>
        <DialogDescription>
          {signal
            ? `Todos os anúncios com entrega automática de ${signal.nickname} saem do ar até a equipe reativá-los. As compras em andamento seguem normalmente.`
            : ''}
        </DialogDescription>
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
          <Field htmlFor={`${id}-reason`} label="Motivo" error={error}>
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={cn(fieldClasses, 'h-auto! resize-y px-3.5 py-2.5')}
              {...describedBy(`${id}-reason`, Boolean(error))}
            />
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" disabled={pause.isPending} onClick={() => close(false)}>
              Cancelar
            </Button>
            <Button type="submit" variant="danger" busy={pause.isPending}>
              {pause.isPending ? 'Pausando...' : 'Pausar entregas automáticas'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
