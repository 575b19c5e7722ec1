import { spawn } from 'node:child_process';
import { BackupError } from './settings';

/**
 * Runs pg_dump or pg_restore against `url`. The password travels in PGPASSWORD rather than on the command line,
 * where `ps` would show it. Fails with the tool's own error output.
 */
export function runPostgresTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, '--dbname', target.toString()], {
      env: { ...process.env, ...(password && { PGPASSWORD: password }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} não foi encontrado: instale o cliente do PostgreSQL (postgresql-client), ` +
                'da mesma versão do servidor ou mais nova.',
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} falhou (código ${code}):\n${errors.trim()}`));
    });
  });
}
