// `npm start`: build when the build is missing or older than the sources, then run the server.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['dist/server/main.js', 'dist/web/index.html'].map((f) => path.join(root, f));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const built = outputs.every(existsSync);
const sourcesChanged =
  built &&
  Math.max(newestMtime(path.join(root, 'src')), statSync(path.join(root, 'package-lock.json')).mtimeMs) >
    Math.min(...outputs.map((f) => statSync(f).mtimeMs));
if (!built || sourcesChanged) {
  console.log('Compilando o app (npm run build)...');
  execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'dist/server/main.js'));
