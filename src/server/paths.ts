import { existsSync } from 'node:fs';
import path from 'node:path';

/** The package root, found from this file whether it runs from src/ (tsx) or from the dist/ bundle. */
function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${from}`);
    dir = parent;
  }
  return dir;
}

export const appRoot = findRoot(import.meta.dirname);
export const migrationsDir = path.join(appRoot, 'drizzle');
export const webDistDir = path.join(appRoot, 'dist', 'web');
