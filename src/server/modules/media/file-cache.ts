import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

/**
 * A folder that remembers what some work made, by the hash of everything it depends on, for work repeated byte for
 * byte: the demo seed's photos, rendered and encoded the same at every seed (about 15 CPU-seconds, and the test runs
 * seed three times: bench/README.md). Only work run inside `withFileCache` uses it; uploads never do.
 */
const folder = new AsyncLocalStorage<string>();

/** Runs `work` with the folder `dir` as its cache, or as it is without one. */
export const withFileCache = <T>(dir: string | undefined, work: () => Promise<T>): Promise<T> =>
  dir ? folder.run(dir, work) : work();

/** What `make` returns for these `inputs`: from the cache when a caller set one and it holds it. */
export async function cached<T>(inputs: (string | Buffer)[], make: () => Promise<T>): Promise<T> {
  const dir = folder.getStore();
  if (!dir) return make();
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(input).update('\0');
  const file = path.join(dir, hash.digest('hex'));
  const hit = await readFile(file).catch(() => null);
  if (hit) return deserialize(hit) as T;
  const value = await make();
  // Written aside, then renamed: seeds running at once (the e2e set-up beside the API suites) never read half a file.
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(partial, serialize(value));
    await rename(partial, file);
  } catch {
    await rm(partial, { force: true }); // Unwritten, the value is still right: the next seed makes it again.
  }
  return value;
}
