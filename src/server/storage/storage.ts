import type { Readable } from 'node:stream';

/** Where uploaded files live: a local folder by default, an S3-compatible bucket in production. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the keys that exist; missing keys are not an error. */
  delete(keys: string[]): Promise<void>;
}

export interface StoredFile {
  body: Readable;
  contentType: string;
  size?: number;
}
