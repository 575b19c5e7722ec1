import type { PixKeyConfirmWith } from '@shared/pix';
import { Button } from '@web/components/ui/button';
import { usePixKeys } from '@web/features/payments/api';
import {
  ConfirmDefaultDialog,
  type ConfirmRefusal,
  refusalOf,
} from '@web/features/payments/ConfirmDefaultDialog';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useExportCodes } from './api';

/** Saves the exported codes as a text file, one a line, as they can be imported again. */
function download(codes: { code: string }[], listingId: number) {
  const blob = new Blob([`${codes.map((c) => c.code).join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `codigos-anuncio-${listingId}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * 'Exportar códigos': the unsold codes back, whole, in a .txt. Whoever holds a session alone cannot take them: the
 * password (or the two-factor code) is asked first, as for the PIX keys, and the server audits the export.
 */
export function ExportCodesButton({
  listingId,
  available,
  confirmWith: told,
}: {
  listingId: number;
  available: number;
  confirmWith?: PixKeyConfirmWith;
}) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<ConfirmRefusal | null>(null);
  const exportCodes = useExportCodes(listingId);
  // Which confirmation the account takes: the vault's answer says it; else the same as for the PIX keys.
  const keys = usePixKeys();
  const confirmWith = told ?? keys.data?.confirmWith ?? 'password';

  return (
    <>
      <Button
        variant="secondary"
        disabled={available === 0}
        onClick={() => {
          setRefusal(null);
          setOpen(true);
        }}
      >
        <Download aria-hidden />
        Exportar códigos
      </Button>
      <ConfirmDefaultDialog
        open={open}
        onOpenChange={setOpen}
        confirmWith={confirmWith}
        title="Exportar códigos disponíveis"
        description={`Os ${available} códigos não vendidos serão baixados num arquivo .txt, por inteiro. Confirme que é você.`}
        submitLabel="Exportar"
        busy={exportCodes.isPending}
        refusal={refusal}
        onConfirm={(confirmation) =>
          exportCodes.mutate(confirmation, {
            onSuccess: ({ codes }) => {
              download(codes, listingId);
              setOpen(false);
              toast.success(codes.length === 1 ? '1 código exportado' : `${codes.length} códigos exportados`);
            },
            onError: (error) => {
              if (isApiError(error) && (error.fields.password || error.fields.code)) {
                setRefusal(refusalOf(error, 'Não foi possível exportar os códigos'));
                return;
              }
              setOpen(false);
              toast.error('Não foi possível exportar os códigos', {
                description: isApiError(error) && error.isClientError ? error.message : undefined,
              });
            },
          })
        }
      />
    </>
  );
}
