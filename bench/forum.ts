/**
 * Forum list and search: median time of the posts service for N posts, on a throwaway PGlite and PostgreSQL
 * database. Seeding is plain SQL over realistic words.
 *
 * Run: npx tsx bench/forum.ts [--sizes=10000,100000] [--dbs=pglite,postgres] [--runs=30]
 *        [--pg=postgres://postgres@127.0.0.1:5432]
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { PostQuery } from '@shared/community';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/client';
import { createAccount } from '../src/server/modules/accounts/create-account';
import { createPostsService } from '../src/server/modules/community/posts';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const sizes = (args.sizes ?? '10000,100000').split(',').map(Number);
const dbKinds = (args.dbs ?? 'pglite,postgres').split(',') as Database['kind'][];
const runs = Number(args.runs ?? 30);
const pgAdminUrl = args.pg ?? 'postgres://postgres@127.0.0.1:5432';

const queries: { name: string; query: PostQuery & { page: number } }[] = [
  { name: 'newest, page 1', query: { page: 1 } },
  { name: 'category dicas, page 1', query: { category: 'dicas', page: 1 } },
  { name: 'newest, page 200', query: { page: 200 } },
  { name: "q='servidor' (common)", query: { q: 'servidor', page: 1 } },
  { name: "q='relampago coracoes' (rare)", query: { q: 'relampago coracoes', page: 1 } },
];

async function open(kind: Database['kind']) {
  if (kind === 'pglite')
    return { database: await openDatabase({ pgliteDir: 'memory://' }), drop: async () => {} };
  const name = `mg_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${pgAdminUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ url: `${pgAdminUrl}/${name}`, pgliteDir: '' });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${pgAdminUrl}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function seed(database: Database, n: number) {
  const { db } = database;
  const { id } = await createAccount(db, {
    email: 'bench@teste.com',
    password: 'Senha@123',
    nickname: 'bench',
  });
  // 'servidor' appears in about half the posts, 'corações' in a fifth; 'relâmpago' in one in a thousand.
  await db.execute(sql`
    insert into community_posts (author_id, title, content, category, created_at)
    select ${id},
           (array['Dica de farm','Servidor novo','Ajuda com conta','Evento de corações','Troca de skins'])[1 + g % 5] || ' ' || g,
           case when g % 1000 = 0 then 'Evento RELÂMPAGO de corações no servidor S3 ' || g
                else (array['Alguém sabe como subir de nível rápido?','O servidor caiu de novo hoje à noite.',
                            'Vendo itens raros, chama no chat do site.'])[1 + g % 3] || ' ' || g end,
           (array['dicas','ddtank','geral','suporte'])[1 + g % 4],
           now() - (g || ' seconds')::interval
    from generate_series(1, ${n}) g`);
  await db.execute(sql`analyze community_posts`);
}

for (const kind of dbKinds) {
  for (const n of sizes) {
    const { database, drop } = await open(kind);
    try {
      await database.migrate();
      const t0 = performance.now();
      await seed(database, n);
      console.log(
        `\n${kind}, ${n.toLocaleString('en')} posts (seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
      const posts = createPostsService(database.db);
      for (const { name, query } of queries) {
        for (let i = 0; i < 3; i++) await posts.list(query);
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const start = performance.now();
          await posts.list(query);
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        const median = times[Math.floor(times.length / 2)] ?? 0;
        console.log(`  ${name.padEnd(28)} median ${median.toFixed(1).padStart(7)} ms`);
      }
    } finally {
      await database.close();
      await drop();
    }
  }
}
