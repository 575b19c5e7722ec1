import type { Readable } from 'node:stream';

/** Where uploaded files live: a local folder by default, an S3-compatible bucket in production. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the keys that exist; missing keys are not an error. */
  delete(keys: string[]): Promise<void>;
  /** Removes every file whose key starts with `prefix`, a folder ending in '/' ('listings/12/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder ending in '/', or '' for all), with its age. */
  list(prefix: string): AsyncIterable<ListedFile>;
  /** Removes what a crash left half-written before `before`; a store with nothing of the kind omits it. */
  removeStaleTemp?(before: Date): Promise<number>;
  /**
   * Throws when the store does not answer; one cheap, read-only call (the status page runs it). A store
   * without it is checked by listing its first file.
   */
  check?(): Promise<void>;
}

export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

/** A folder prefix ('listings/12/') is valid keys' segments followed by '/'; '' means everything. */
export function isValidPrefix(prefix: string, isValidKey: (key: string) => boolean): boolean {
  return prefix === '' || (prefix.endsWith('/') && isValidKey(prefix.slice(0, -1)));
}

export interface StoredFile {
  body: Readable;
  contentType: string;
  size?: number;
}
