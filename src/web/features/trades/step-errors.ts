import { errorMessages } from '@shared/errors';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';

/**
 * A step the server refused: 'Erro' with its pt-BR message in a toast, and each field's message under its input
 * (through `showFieldError`, for the names the form has). A 409 ('Esta intermediação já mudou de etapa…') has
 * already refreshed the trade (see useTradeAction). `fallback` is the message for a server failure.
 */
export function reportStepError(
  error: unknown,
  showFieldError?: (name: string, message: string) => void,
  fallback: string = errorMessages.internal,
): void {
  if (isApiError(error))
    for (const [name, message] of Object.entries(error.fields)) showFieldError?.(name, message);
  toast.error('Erro', {
    description: isApiError(error) && error.isClientError ? error.message : fallback,
  });
}
