import type { Config } from '../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

export { isValidKey } from './local';
export type { Storage } from './storage';

/** The bucket when S3 is configured, else the local folder DATA_DIR/media. */
export function createStorage(media: Config['media']): Storage {
  return media.s3 ? createS3Storage(media.s3) : createLocalStorage(media.dir);
}

/** Throws when the store does not answer (the status page's check): its own check, or reading its first file. */
export async function checkStorage(storage: Storage): Promise<void> {
  if (storage.check) return storage.check();
  for await (const _file of storage.list('')) break;
}
