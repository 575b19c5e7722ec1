import pg from 'pg';

/** A database name we can put in SQL without quoting surprises. */
export const isValidDatabaseName = (name: string) => /^[a-z_][a-z0-9_]{0,62}$/.test(name);

/** `postgres://…/postgres` → the same server's `name` database. */
export function databaseUrlFor(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The URL to print: its password, if any, masked. */
export function withMaskedPassword(databaseUrl: string) {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await client.connect().catch((error: Error) => {
    throw new Error(
      `Sem conexão com o PostgreSQL em ${new URL(serverUrl).host} (${error.message}). ` +
        'Suba o servidor ou indique outro com --postgres.',
    );
  });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the cluster's database; `fresh` drops the one left by an earlier run first. */
export async function prepareDatabase(serverUrl: string, name: string, fresh: boolean) {
  await onServer(serverUrl, async (client) => {
    if (fresh) await client.query(`drop database if exists "${name}" with (force)`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name}"`);
  });
}

export async function dropDatabase(serverUrl: string, name: string) {
  await onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}
