import { offerMessages as m } from '@shared/offer-messages';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useNavigate } from 'react-router';
import { useAcceptOffer, useRejectOffer, useWithdrawOffer } from './api';

const failed = (error: unknown) =>
  toast.error(m.actionFailed, {
    description: isApiError(error) && error.isClientError ? error.message : undefined,
  });

/**
 * The answers to an offer, with their toasts: accepting opens the trade and goes to its room
 * (/intermediacao/{id}); rejecting and withdrawing stay on the page.
 */
export function useOfferAnswers() {
  const navigate = useNavigate();
  const accept = useAcceptOffer();
  const reject = useRejectOffer();
  const withdraw = useWithdrawOffer();

  return {
    accept: (id: number) =>
      accept.mutate(id, {
        onSuccess: ({ tradeId }) => {
          toast.success(m.accepted);
          navigate(`/intermediacao/${tradeId}`);
        },
        onError: failed,
      }),
    reject: (id: number, onDone?: () => void) =>
      reject.mutate(id, {
        onSuccess: () => toast.success(m.rejected),
        onError: failed,
        onSettled: onDone,
      }),
    withdraw: (id: number, onDone?: () => void) =>
      withdraw.mutate(id, {
        onSuccess: () => toast.success(m.withdrawn),
        onError: failed,
        onSettled: onDone,
      }),
    /** The offer an answer is under way for, if any. */
    busyId:
      (accept.isPending ? accept.variables : undefined) ??
      (reject.isPending ? reject.variables : undefined) ??
      (withdraw.isPending ? withdraw.variables : undefined),
    rejecting: reject.isPending,
    withdrawing: withdraw.isPending,
  };
}
