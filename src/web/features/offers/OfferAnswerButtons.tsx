import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { Button } from '@web/components/ui/button';
import { Check, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import type { useOfferAnswers } from './useOfferAnswers';

type Answers = ReturnType<typeof useOfferAnswers>;

/** Aceitar and Recusar (after a confirmation) on a pending offer the viewer received. */
export function ReceivedOfferButtons({
  offer,
  answers,
}: {
  offer: { id: number; buyerName: string; amount: string };
  answers: Answers;
}) {
  const [confirming, setConfirming] = useState(false);
  const busy = answers.busyId === offer.id;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        busy={busy && !answers.rejecting}
        disabled={busy}
        onClick={() => answers.accept(offer.id)}
      >
        {!(busy && !answers.rejecting) && <Check aria-hidden />}
        Aceitar
      </Button>
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
        <X aria-hidden />
        Recusar
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Recusar oferta?"
        description={`A oferta de ${offer.amount} de ${offer.buyerName} será recusada. Quem ofertou verá a resposta.`}
        confirmLabel="Recusar oferta"
        busyLabel="Recusando..."
        busy={answers.rejecting}
        onConfirm={() => answers.reject(offer.id, () => setConfirming(false))}
      />
    </div>
  );
}

/** Retirar (after a confirmation) on a pending offer the viewer sent. */
export function SentOfferButtons({
  offer,
  answers,
}: {
  offer: { id: number; amount: string };
  answers: Answers;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
        <Undo2 aria-hidden />
        Retirar
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Retirar oferta?"
        description={`Sua oferta de ${offer.amount} deixa de valer e o vendedor não poderá mais aceitá-la.`}
        confirmLabel="Retirar oferta"
        busyLabel="Retirando..."
        busy={answers.withdrawing}
        onConfirm={() => answers.withdraw(offer.id, () => setConfirming(false))}
      />
    </>
  );
}
