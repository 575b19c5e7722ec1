import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isValidPrefix, type ListedFile, type Storage } from './storage';

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

  const folderOf = (prefix: string) => {
    if (!isValidPrefix(prefix, isValidKey)) throw new Error(`Invalid storage prefix: ${prefix}`);
    return path.join(root, prefix);
  };

  /** Files under `dir` as keys, depth first; dot entries (the temp folder) are not keys and are skipped. */
  async function* walk(dir: string): AsyncGenerator<ListedFile> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(file);
      else if (entry.isFile()) {
        const modifiedAt = await stat(file).then(
          (s) => s.mtime,
          () => null,
        );
        if (modifiedAt) yield { key: path.relative(root, file).split(path.sep).join('/'), modifiedAt };
      }
    }
  }

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
      const file = fileOf(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        // Never through a link (a restore or a hand may plant one pointing at the secrets, or from a public folder
        // into a private one): no folder on the way is a link, and the file is opened only if it is none.
        if (!(await isLinkFree(root, path.dirname(file)))) return null;
        handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') return null;
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

    async deletePrefix(prefix) {
      const folder = folderOf(prefix);
      if (folder === root + path.sep || folder === root) throw new Error('Refusing to delete every file');
      await rm(folder, { recursive: true, force: true });
    },

    list(prefix) {
      return walk(folderOf(prefix));
    },

    async check() {
      await checkWritableFolder(root);
    },

    async removeStaleTemp(before) {
      let names: string[];
      try {
        names = await readdir(tempDir);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(tempDir, name);
        const modified = await stat(file).then(
          (s) => s.mtime,
          () => null,
        );
        if (modified && modified < before) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

/** Whether the folders from `root` down to `dir` (under it) are all real folders: no link on the way. */
async function isLinkFree(root: string, dir: string): Promise<boolean> {
  // The store itself may live behind a link (DATA_DIR/media on another disk): links above it are the operator's.
  const [realRoot, realDir] = await Promise.all([realpath(root), realpath(dir)]);
  return realDir === path.join(realRoot, path.relative(root, dir));
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * Throws unless `dir` is a folder this process may write to, or does not exist yet and its parent is (the
 * first write creates it). Read-only: nothing is created.
 */
export async function checkWritableFolder(dir: string): Promise<void> {
  try {
    if (!(await stat(dir)).isDirectory()) throw new Error(`Not a folder: ${dir}`);
    await access(dir, constants.R_OK | constants.W_OK);
  } catch (error) {
    const parent = path.dirname(dir);
    if (!isMissing(error) || parent === dir) throw error;
    await checkWritableFolder(parent);
  }
}
