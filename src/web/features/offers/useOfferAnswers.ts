import { offerMessages as m } from '@shared/offer-messages';
import { paths } from '@shared/paths';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAcceptOffer, useRejectOffer, useWithdrawOffer } from './api';

const failed = (error: unknown) =>
  toast.error(m.actionFailed, {
    description: isApiError(error) && error.isClientError ? error.message : undefined,
  });

/**
 * The answers to an offer, with their toasts: accepting opens the trade and goes to its room
 * (/intermediacao/{id}); rejecting and withdrawing stay on the page.
 *
 * One answer per offer at a time: a second click that lands before the button shows it is busy (a double
 * click) sends nothing. Each answer settles through its own promise, so its toast and navigation happen even
 * when another offer was answered meanwhile (a mutation's per-call callbacks fire only for the latest call).
 */
export function useOfferAnswers() {
  const navigate = useNavigate();
  const accept = useAcceptOffer();
  const reject = useRejectOffer();
  const withdraw = useWithdrawOffer();
  const sending = useRef(new Set<number>());

  function answerOnce<T>(
    id: number,
    send: (id: number) => Promise<T>,
    onSuccess: (result: T) => void,
    onSettled?: () => void,
  ) {
    if (sending.current.has(id)) return;
    sending.current.add(id);
    send(id)
      .then(onSuccess, failed)
      .finally(() => {
        sending.current.delete(id);
        onSettled?.();
      });
  }

  return {
    accept: (id: number) =>
      answerOnce(id, accept.mutateAsync, ({ tradeId }) => {
        toast.success(m.accepted);
        navigate(paths.trade(tradeId));
      }),
    reject: (id: number, onDone?: () => void) =>
      answerOnce(id, reject.mutateAsync, () => toast.success(m.rejected), onDone),
    withdraw: (id: number, onDone?: () => void) =>
      answerOnce(id, withdraw.mutateAsync, () => toast.success(m.withdrawn), onDone),
    /** The offer an answer is under way for, if any. */
    busyId:
      (accept.isPending ? accept.variables : undefined) ??
      (reject.isPending ? reject.variables : undefined) ??
      (withdraw.isPending ? withdraw.variables : undefined),
    rejecting: reject.isPending,
    withdrawing: withdraw.isPending,
  };
}
