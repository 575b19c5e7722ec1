import { z } from 'zod';
import { id } from './api';

/**
 * Instant delivery (issue 37, decision 029): a listing's vault of codes (gift cards, keys, top-up PINs, instant
 * accounts), each sealed at rest and delivered by the trade process the moment the payment is confirmed.
 */

/**
 * A code's life: `available` (in stock), `reserved` (held by a trade awaiting payment), `delivered` (sealed on
 * the trade), `removed` (taken out by the seller), `burned` (revealed to a buyer who was then refunded: never
 * back to stock).
 */
export const codeStates = ['available', 'reserved', 'delivered', 'removed', 'burned'] as const;
export type CodeState = (typeof codeStates)[number];
export const codeStateLabels: Record<CodeState, string> = {
  available: 'Disponível',
  reserved: 'Reservado',
  delivered: 'Entregue',
  removed: 'Removido',
  burned: 'Inutilizado',
};

/** Listing kinds a seller may mark 'Entrega automática'. */
export const instantListingKinds = ['items', 'coins', 'accounts'] as const;

export const MAX_CODES_PER_IMPORT = 1_000;
export const MAX_CODE_LENGTH = 256;
/** An upload's bytes: 1,000 codes of the longest length and their line breaks, with room for a CSV's quotes. */
export const MAX_CODE_FILE_BYTES = 300 * 1024;
export const CODES_PAGE_SIZE = 50;

/** The staff desk flags a seller whose delivered codes are disputed at least this often (both must hold). */
export const INSTANT_FRAUD_MIN_DISPUTES = 3;
export const INSTANT_FRAUD_MIN_RATE = 0.1;

export const listingCodeMessages = {
  lineEmpty: 'Linha vazia.',
  lineTooLong: `Código longo demais (máximo de ${MAX_CODE_LENGTH} caracteres).`,
  lineRepeated: (first: number) => `Repetido no arquivo (igual à linha ${first}).`,
  lineInStock: 'Este código já está no estoque deste anúncio.',
  lineSold: 'Este código já foi vendido no Mercado Gamer.',
  tooManyLines: (n: number) =>
    `Envie no máximo ${MAX_CODES_PER_IMPORT.toLocaleString('pt-BR')} códigos por importação (recebemos ${n.toLocaleString('pt-BR')} linhas). Nada foi importado.`,
  nothingToImport: 'Cole os códigos, um por linha, ou envie um arquivo CSV ou TXT.',
  fileRequired: 'Envie um arquivo CSV ou TXT com um código por linha.',
  fileTooLarge: `O arquivo passa de ${MAX_CODE_FILE_BYTES / 1024} KB. Divida os códigos em mais de uma importação.`,
  fileNotText: 'O arquivo não é um texto CSV ou TXT legível (UTF-8). Exporte-o como texto e tente de novo.',
  notInstant: 'Ative a entrega automática neste anúncio para adicionar códigos.',
  kindNotInstant: 'A entrega automática vale para itens, moedas/recargas e contas.',
  listingNotFound: 'Anúncio não encontrado.',
  ownerOnly: 'Somente o vendedor do anúncio acessa o estoque de códigos.',
  codeNotFound: 'Código não encontrado neste anúncio.',
  codeInTrade: 'Este código está reservado ou já foi entregue numa intermediação e não pode ser removido.',
  codeGone: 'Este código já foi removido.',
  toggleWithOpenTrades:
    'Não é possível ligar ou desligar a entrega automática com intermediações deste anúncio em andamento.',
  stockPausedTitle: 'Anúncio pausado: códigos esgotados',
  stockPausedBody: (title: string) =>
    `"${title}" vendeu o último código da entrega automática e foi pausado. Adicione códigos para reativá-lo.`,
  codeDeliveredBuyer: 'Seu código chegou: abra a sala da intermediação para vê-lo.',
  codeDeliveredSeller: 'Um código do seu estoque foi entregue automaticamente ao comprador.',
  pauseReasonRequired: 'Informe o motivo da pausa.',
  staffPausedTitle: 'Entrega automática pausada pela equipe',
  staffPausedBody: (listings: string, reason: string) =>
    `A equipe pausou ${listings} com entrega automática. Motivo: ${reason} As compras em andamento seguem normalmente; fale com o suporte para revisar a decisão.`,
  staffResumedTitle: 'Entrega automática reativada',
  staffResumedBody: (listings: string) =>
    `A equipe reativou ${listings} com entrega automática. Os que ainda têm códigos voltaram à venda.`,
  memberNotFound: 'Membro não encontrado.',
} as const;

/** Counts per state, for the vault's tabs and the owner's listing. */
export const codeCounts = z.object({
  available: z.number().int(),
  reserved: z.number().int(),
  delivered: z.number().int(),
  removed: z.number().int(),
  burned: z.number().int(),
});
export type CodeCounts = z.infer<typeof codeCounts>;

export const codesQuery = z.object({
  estado: z.enum(codeStates).optional(),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const vaultCode = z.object({
  id: z.number().int(),
  /** The code's last 4 characters: the vault never shows more (the export does, step-up confirmed). */
  last4: z.string(),
  state: z.enum(codeStates),
  tradeId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type VaultCode = z.infer<typeof vaultCode>;

export const codesPage = z.object({
  items: z.array(vaultCode),
  counts: codeCounts,
  /** Staff paused the listing (the desk's fraud signal): new codes leave it paused until staff reactivate it. */
  pausedByStaff: z.boolean(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type CodesPage = z.infer<typeof codesPage>;

/** Pasted codes (JSON); an upload sends the file as `arquivo` and `allOrNothing` as a field instead. */
export const codeImportInput = z.object({
  text: z.string().max(MAX_CODE_FILE_BYTES, listingCodeMessages.fileTooLarge),
  allOrNothing: z.boolean().default(false),
});
export type CodeImportInput = z.infer<typeof codeImportInput>;

export const codeRefusal = z.object({ line: z.number().int(), reason: z.string() });
export type CodeRefusal = z.infer<typeof codeRefusal>;
export const codeImportResult = z.object({ imported: z.number().int(), refused: z.array(codeRefusal) });
export type CodeImportResult = z.infer<typeof codeImportResult>;

export const codeParams = z.object({ id, codeId: id });

export const codeExport = z.object({ codes: z.array(z.object({ id: z.number().int(), code: z.string() })) });
export type CodeExport = z.infer<typeof codeExport>;

/** A seller the desk flags: instant trades delivered, how many the buyer disputed, and the rate (0–1). */
export const instantFraudSignal = z.object({
  sellerId: z.string(),
  nickname: z.string(),
  delivered: z.number().int(),
  disputed: z.number().int(),
  rate: z.number(),
  /** Their instant listings still on sale (active or paused for lack of codes, not paused by staff). */
  instantListings: z.number().int(),
  /** Their instant listings staff paused, which staff may reactivate. */
  pausedByStaff: z.number().int(),
});
export type InstantFraudSignal = z.infer<typeof instantFraudSignal>;

export const pauseInstantInput = z.object({
  reason: z.string().trim().min(1, listingCodeMessages.pauseReasonRequired).max(500),
});
export const pauseInstantResult = z.object({ paused: z.number().int() });
export const resumeInstantResult = z.object({ resumed: z.number().int() });
