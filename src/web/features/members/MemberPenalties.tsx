import type { MemberSuspension } from '@shared/members';
import { type SuspensionPenalty, suspensionPenalties } from '@shared/moderation';
import { moderationMessages as m, penaltyLabels } from '@shared/moderation-messages';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Textarea } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { useLiftSuspension, usePenalise } from './api';
import { when } from './member-tables';

/** The staff's actions on a member: apply a penalty, and lift one in force (with its reason). */
export function PenaltyForm({ userId }: { userId: string }) {
  const id = useId();
  const [penalty, setPenalty] = useState<SuspensionPenalty>('advertencia');
  const [reason, setReason] = useState('');
  const penalise = usePenalise();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    penalise.mutate(
      { userId, penalty, reason },
      {
        onSuccess: () => {
          toast.success(m.userSuspended);
          setReason('');
        },
        onError: (error) => toast.error(m.suspendFailed, { description: error.message }),
      },
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid content-start gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-fg">
        Aplicar penalidade
      </h3>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-penalty`} className="text-sm font-medium text-fg">
          Penalidade
        </label>
        <Select
          id={`${id}-penalty`}
          value={penalty}
          onChange={(e) => setPenalty(e.target.value as SuspensionPenalty)}
        >
          {suspensionPenalties.map((value) => (
            <option key={value} value={value}>
              {penaltyLabels[value]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-fg">
          Motivo da penalidade
        </label>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <p className="text-xs text-muted">O membro recebe a penalidade e o motivo por e-mail.</p>
      </div>
      <Button
        type="submit"
        variant="danger"
        className="justify-self-start"
        disabled={reason.trim() === ''}
        busy={penalise.isPending}
      >
        Aplicar penalidade
      </Button>
    </form>
  );
}

export function ActiveSuspensions({ suspensions }: { suspensions: MemberSuspension[] }) {
  const [lifting, setLifting] = useState<MemberSuspension | null>(null);
  return (
    <section
      aria-labelledby="active-suspensions"
      className="grid content-start gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h3 id="active-suspensions" className="text-lg font-semibold text-fg">
        Suspensões em vigor
      </h3>
      {suspensions.length === 0 ? (
        <p className="text-sm text-muted">Nenhuma suspensão em vigor.</p>
      ) : (
        <ul className="grid gap-3">
          {suspensions.map((s) => (
            <li key={s.id} className="grid gap-2 rounded-lg border border-line bg-surface-2 p-3 text-sm">
              <p className="font-medium text-fg">
                {penaltyLabels[s.penalty]} · {s.endsAt ? `até ${when(s.endsAt)}` : 'sem data para terminar'}
              </p>
              <p className="text-muted">
                {s.reason} — por {s.createdByName ?? 'equipe'} em {when(s.createdAt)}
              </p>
              <Button
                variant="secondary"
                size="sm"
                className="justify-self-start"
                onClick={() => setLifting(s)}
              >
                Revogar suspensão
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LiftDialog suspension={lifting} onClose={() => setLifting(null)} />
    </section>
  );
}

function LiftDialog({ suspension, onClose }: { suspension: MemberSuspension | null; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const lift = useLiftSuspension();
  const close = () => {
    setReason('');
    onClose();
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!suspension) return;
    lift.mutate(
      { suspensionId: suspension.id, reason },
      {
        onSuccess: () => {
          toast.success(m.suspensionLifted);
          close();
        },
        onError: (error) => toast.error(m.liftFailed, { description: error.message }),
      },
    );
  };
  return (
    <Dialog open={suspension !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle>Revogar suspensão</DialogTitle>
        <DialogDescription>
          {suspension &&
            `${penaltyLabels[suspension.penalty]}: termina agora. O membro volta a entrar e é avisado por e-mail.`}
        </DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium text-fg">
            Motivo da revogação
          </label>
          <Textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" disabled={reason.trim() === ''} busy={lift.isPending}>
              Revogar suspensão
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
