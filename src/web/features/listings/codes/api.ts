import type { CodeExport, CodeImportResult, CodeState, CodesPage } from '@shared/listing-codes';
import type { PixKeyConfirmation, PixKeyConfirmWith } from '@shared/pix';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { uploadForm } from '@web/lib/upload';
import { listingKeys } from '../api';

/**
 * The seller's vault of codes of an instant-delivery listing (issue 37): the list (masked, by state, a page at a
 * time), the import with its per-line answer, removing an unsold code and exporting the unsold ones back.
 */

export { type CodeCounts, type CodeState, codeStates, type VaultCode } from '@shared/listing-codes';

export type VaultPage = CodesPage & {
  /** How the export is confirmed, if the server says it (as the PIX keys' list does); else as for the PIX keys. */
  confirmWith?: PixKeyConfirmWith;
};

export type ImportAnswer = CodeImportResult;

export interface ImportRequest {
  allOrNothing: boolean;
  /** Pasted text, one code a line; or a CSV/TXT file, read by the server. */
  text?: string;
  file?: File;
}

const codesKey = (listingId: number) => [...listingKeys.all, 'codes', listingId] as const;

export function useVault(listingId: number, state: CodeState | undefined, page: number) {
  return useQuery({
    queryKey: [...codesKey(listingId), state ?? 'all', page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (state) query.set('estado', state);
      if (page > 1) query.set('pagina', String(page));
      const text = query.toString();
      return api<VaultPage>(`/api/listings/${listingId}/codes${text ? `?${text}` : ''}`, { signal });
    },
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(listingId) && listingId > 0,
  });
}

/** After a change: the vault, and the listing's stock everywhere (it is the count of available codes). */
function useVaultChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: listingKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['games'] });
  };
}

export function useImportCodes(listingId: number) {
  const changed = useVaultChanged();
  return useMutation({
    mutationFn: ({ allOrNothing, text, file }: ImportRequest) => {
      const path = `/api/listings/${listingId}/codes/import`;
      if (!file) return api<ImportAnswer>(path, { method: 'POST', body: { text: text ?? '', allOrNothing } });
      const body = new FormData();
      body.set('allOrNothing', String(allOrNothing));
      body.set('arquivo', file);
      return uploadForm<ImportAnswer>(path, { method: 'POST', body });
    },
    onSuccess: changed,
  });
}

export function useRemoveCode(listingId: number) {
  const changed = useVaultChanged();
  return useMutation({
    mutationFn: (codeId: number) =>
      api<void>(`/api/listings/${listingId}/codes/${codeId}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useExportCodes(listingId: number) {
  return useMutation({
    mutationFn: (confirmation: PixKeyConfirmation) =>
      api<CodeExport>(`/api/listings/${listingId}/codes/export`, {
        method: 'POST',
        body: confirmation,
      }),
  });
}
