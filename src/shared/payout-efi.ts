import { z } from 'zod';

/**
 * What Efí posts to `{registered URL}/pix` when a send changes (its docs, "Recebendo callbacks" → "Pix enviado"):
 * `{ pix: [{ endToEndId, chave, tipo: 'SOLICITACAO', status, valor, horario, gnExtras: { idEnvio, erro? } }] }`.
 * Only `gnExtras.idEnvio` is used, to know which send to read back: the rest proves nothing. Items without it
 * (a PIX received, should the key also receive) are ignored. Loose, so a field Efí adds does not turn into a 400
 * that makes Efí retry for days.
 */
export const efiSendWebhookBody = z.looseObject({
  pix: z
    .array(
      z.looseObject({
        endToEndId: z.string().max(100).nullish(),
        status: z.string().max(40).nullish(),
        valor: z.string().max(20).nullish(),
        gnExtras: z.looseObject({ idEnvio: z.string().max(100).optional() }).nullish(),
      }),
    )
    .max(100)
    .default([]),
});
export type EfiSendWebhookBody = z.infer<typeof efiSendWebhookBody>;
