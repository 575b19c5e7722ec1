import { errorMessages } from '@shared/errors';
import {
  type CodeImportInput,
  listingCodeMessages as cm,
  codeImportInput,
  MAX_CODE_FILE_BYTES,
} from '@shared/listing-codes';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { textOfUpload } from './lines';

export type CodeImportBody = CodeImportInput & { csv: boolean };

/**
 * The import's body: pasted text as JSON (`{ text, allOrNothing }`), or a CSV/TXT file as multipart (`arquivo`,
 * bounded, its text checked by content; `allOrNothing` a field). A CSV is read by its first cell: named `.csv`,
 * or sent as text/csv.
 */
export async function readCodeImport(request: FastifyRequest): Promise<CodeImportBody> {
  if (!request.isMultipart()) {
    const parsed = codeImportInput.safeParse(request.body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? errorMessages.badRequest;
      throw new AppError('VALIDATION', message, { text: message });
    }
    return { ...parsed.data, csv: false };
  }
  let file: { data: Buffer; truncated: boolean; csv: boolean } | null = null;
  let allOrNothing = false;
  const limits = { fileSize: MAX_CODE_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'arquivo') {
          file = {
            data,
            truncated: part.file.truncated,
            csv: /\.csv$/i.test(part.filename) || part.mimetype === 'text/csv',
          };
        }
      } else if (part.fieldname === 'allOrNothing') {
        allOrNothing = part.value === 'true' || part.value === 'on';
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('VALIDATION', cm.fileTooLarge, { arquivo: cm.fileTooLarge });
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION', cm.fileRequired, { arquivo: cm.fileRequired });
    throw new AppError('VALIDATION', errorMessages.badRequest);
  }
  if (!file || file.data.length === 0)
    throw new AppError('VALIDATION', cm.fileRequired, { arquivo: cm.fileRequired });
  if (file.truncated) throw new AppError('VALIDATION', cm.fileTooLarge, { arquivo: cm.fileTooLarge });
  return { text: textOfUpload(file.data), allOrNothing, csv: file.csv };
}
