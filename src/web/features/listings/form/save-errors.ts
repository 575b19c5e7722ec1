import { listingMessages as m } from '@shared/listing-messages';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';

/**
 * The toast for a failed publish or edit: photos that did not get through (connection lost, too large for
 * the server, rejected by it) read as 'Erro no upload'; anything else under `title` with the server's message.
 */
export function toastSaveError(error: unknown, title: string): void {
  if (isApiError(error) && (error.status === 0 || error.status === 413 || error.fields.photos)) {
    toast.error(m.uploadFailedTitle, { description: error.fields.photos ?? m.uploadFailed });
    return;
  }
  toast.error(title, { description: isApiError(error) ? error.message : m.publishFailed });
}
