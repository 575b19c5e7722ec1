import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The same rule as `npm start` (scripts/start.mjs): build when the build is missing or older than the sources. */
export function buildIfNeeded(root: string) {
  const outputs = ['dist/server/main.js', 'dist/web/index.html'].map((f) => path.join(root, f));
  const newestMtime = (dir: string): number =>
    Math.max(
      0,
      ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
      }),
    );
  const built = outputs.every((f) => existsSync(f));
  const sourcesChanged =
    built &&
    Math.max(newestMtime(path.join(root, 'src')), statSync(path.join(root, 'package-lock.json')).mtimeMs) >
      Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  if (built && !sourcesChanged) return;
  console.log('Compilando o app (npm run build)...');
  execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
}
