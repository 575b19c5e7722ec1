import { communityMessages as m } from '@shared/community-messages';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';

/** 'Erro ao excluir.', with the server's reason when it refused (403, 404). */
export function toastDeleteFailed(error: unknown): void {
  toast.error(m.deleteFailed, {
    description: isApiError(error) && error.isClientError ? error.message : undefined,
  });
}
