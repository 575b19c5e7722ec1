import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage';

/**
 * A key is a relative path of plain segments ('listings/12/ab12cd-640.webp'). No segment may start
 * with a dot, which rules out '.', '..' and the temp folder; absolute paths and backslashes never match.
 */
const keyPattern = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isValidKey(key: string): boolean {
  return key.length <= 512 && keyPattern.test(key);
}

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** Files under `dir`, one per key. The content type follows from the key's extension. */
export function createLocalStorage(dir: string): Storage {
  const root = path.resolve(dir);
  // Half-written files wait here, out of reach of any key, until a rename publishes them whole.
  const tempDir = path.join(root, '.tmp');

  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!isValidKey(key) || !file.startsWith(root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  };

  return {
    async put(key, body) {
      const file = fileOf(key);
      await Promise.all([
        mkdir(path.dirname(file), { recursive: true }),
        mkdir(tempDir, { recursive: true }),
      ]);
      const temp = path.join(tempDir, randomBytes(8).toString('hex'));
      try {
        await writeFile(temp, body, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      if (!isValidKey(key)) return null;
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: handle.createReadStream(),
        contentType: contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
        size: stat.size,
      };
    },

    async delete(keys) {
      const files = keys.map(fileOf);
      await Promise.all(files.map((file) => rm(file, { force: true })));
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
