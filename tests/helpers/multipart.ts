import { randomBytes } from 'node:crypto';

export interface FilePart {
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data body for app.inject: text fields, then files under the field 'photos' (or `fileField`). */
export function multipart(fields: Record<string, string>, photos: FilePart[] = [], fileField = 'photos') {
  const boundary = `----mg${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const photo of photos) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="${photo.filename}"\r\n` +
          `content-type: ${photo.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      photo.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
