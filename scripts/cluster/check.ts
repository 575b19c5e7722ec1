// `npm run cluster:check`: the checks of README (Operations → Cluster) against the running `npm run cluster`,
// through nginx, each printed with what it saw. It leaves a listing and an offer in the cluster's database, and
// kills the last app process (the cluster starts it again).
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { readClusterState } from './state';

const root = path.resolve(import.meta.dirname, '..', '..');
const stateDir = path.resolve(process.argv[2] ?? path.join(root, '.cluster'));
const cluster = readClusterState(stateDir);
if (!cluster) {
  console.error(`Nenhum cluster rodando com a pasta ${stateDir}: rode \`npm run cluster\` antes.`);
  process.exit(1);
}
const { url } = cluster;
const upstreamOf = (response: Response) => response.headers.get('x-upstream') ?? '?';
const appCount = cluster.apps.length;

let failures = 0;
function report(ok: boolean, what: string, seen: string) {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok   ' : 'FALHA'} ${what}\n      ${seen}`);
}

/** A request as the web app makes it: the cluster's origin, the member's cookie. */
function call(base: string, route: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', url);
  if (init.cookie) headers.set('cookie', init.cookie);
  return fetch(`${base}${route}`, { ...init, headers });
}

async function signIn(email: string, password: string) {
  const response = await call(url, '/api/accounts/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login de ${email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = (await response.json()) as { user: { id: string } };
  return { cookie, userId: user.id, upstream: upstreamOf(response) };
}

// 1. A session made on one process is good on every other.
const seller = await signIn('vendedor@mercadogamer.local', 'Vendedor@123');
const seen = new Map<string, string>();
for (let i = 0; i < appCount * 2; i++) {
  const response = await call(url, '/api/accounts/me', { cookie: seller.cookie });
  const { user } = (await response.json()) as { user: { id: string } | null };
  seen.set(upstreamOf(response), user?.id === seller.userId ? 'vendedor' : `${response.status} sem sessão`);
}
report(
  seen.size === appCount && [...seen.values()].every((who) => who === 'vendedor'),
  `sessão criada em ${seller.upstream} vale nos ${appCount} processos`,
  [...seen].map(([upstream, who]) => `${upstream}: ${who}`).join(', '),
);

// 2. A photo uploaded through one process (to S3) is served by another.
const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#22c55e' } })
  .png()
  .toBuffer();
const form = new FormData();
for (const [name, value] of Object.entries({
  gameId: '1',
  kind: 'items',
  title: `Item do teste do cluster ${Date.now()}`,
  description: 'Anúncio criado por npm run cluster:check.',
  price: '10,00',
  quantity: '1',
  whatsapp: '(11) 91234-5678',
})) {
  form.set(name, value);
}
form.set('photos', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'foto.png');
const published = await call(url, '/api/listings', { method: 'POST', body: form, cookie: seller.cookie });
const listing = (await published.json()) as { id: number };
const uploadedOn = upstreamOf(published);
const detail = (await (await call(url, `/api/listings/${listing.id}`)).json()) as {
  images: { url: string }[];
};
const photoUrl = detail.images[0]?.url ?? '';
let servedBy = '';
let served = '';
for (let i = 0; i < appCount * 2 && !servedBy; i++) {
  const response = await call(url, photoUrl);
  if (upstreamOf(response) !== uploadedOn) {
    servedBy = upstreamOf(response);
    served = `${response.status} ${response.headers.get('content-type')} ${(await response.arrayBuffer()).byteLength} bytes`;
  }
}
const inBucket = await fetch(`${cluster.s3.endpoint}/${cluster.s3.bucket}?list-type=2`).then((r) => r.text());
const key = photoUrl.replace(/^\/media\//, '');
const onDisk = cluster.apps.filter((app) => existsSync(path.join(app.dataDir, 'media', key)));
report(
  published.status === 201 &&
    served.startsWith('200 image/webp') &&
    inBucket.includes(key) &&
    onDisk.length === 0,
  `foto enviada por ${uploadedOn} (anúncio ${listing.id}) servida por outro processo`,
  `${photoUrl} por ${servedBy || 'nenhum outro'}: ${served || '-'}; no bucket: ${inBucket.includes(key) ? 'sim' : 'não'}; ` +
    `no disco de um processo: ${onDisk.map((app) => app.name).join(', ') || 'nenhum'}`,
);

// 3. A live event made by a request on one process reaches a socket held by another.
const isType = (data: WebSocket.RawData, type: string) =>
  (JSON.parse(String(data)) as { type: string }).type === type;
const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`, {
  headers: { cookie: seller.cookie, origin: url },
});
// Every listener before the first await: the 101, the hello and the event may arrive in one read.
const socketUpstream = new Promise<string>((resolve, reject) => {
  socket.once('upgrade', (response) => resolve(String(response.headers['x-upstream'] ?? '?')));
  socket.once('error', reject);
});
const greeted = new Promise<void>((resolve) =>
  socket.on('message', (data) => isType(data, 'hello') && resolve()),
);
const heard = new Promise<number>((resolve) =>
  socket.on('message', (data) => isType(data, 'notification') && resolve(performance.now())),
);
await greeted;
const buyer = await signIn('comprador@mercadogamer.local', 'Comprador@123');
const socketUpstreamName = await socketUpstream;
const other = cluster.apps.find((app) => !socketUpstreamName.endsWith(`:${app.port}`)) ?? cluster.apps[0];
const sentAt = performance.now();
const offer = await call(other?.url ?? url, `/api/listings/${listing.id}/offers`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ amount: '9,00', message: 'Oferta do teste do cluster' }),
  cookie: buyer.cookie,
});
const arrived = await Promise.race([heard, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
socket.close();
report(
  offer.status === 201 && arrived !== null,
  `socket em ${socketUpstreamName} recebe a notificação de uma oferta feita em ${other?.name} (127.0.0.1:${other?.port})`,
  arrived === null ? `oferta ${offer.status}; nada em 10 s` : `em ${(arrived - sentAt).toFixed(0)} ms`,
);

// 4. Every process offers each job every period; one run per period, never two at once.
const db = new pg.Client({ connectionString: cluster.databaseUrl });
await db.connect();
// A throttled offer carries its period (singleton_on); a run on demand (a new notification) has none.
const { rows } = await db.query<{ name: string; runs: string; periods: string; overlaps: string }>(`
  select a.name, count(*) as runs, count(distinct a.singleton_on) as periods,
    count(*) filter (where exists (
      select 1 from pgboss.job b where b.name = a.name and b.id <> a.id and b.state = 'completed'
        and b.started_on < a.completed_on and b.completed_on > a.started_on)) as overlaps
  from pgboss.job a where a.state = 'completed' group by a.name order by a.name`);
await db.end();
const tradeTimers = rows.find((row) => row.name === 'trade-timers');
report(
  rows.every((row) => row.overlaps === '0') &&
    tradeTimers !== undefined &&
    tradeTimers.runs === tradeTimers.periods,
  `tarefas: uma execução por período e nenhuma sobreposta, com ${appCount} processos oferecendo cada uma`,
  rows
    .map(
      (row) => `${row.name}: ${row.runs} execuções em ${row.periods} períodos, ${row.overlaps} sobrepostas`,
    )
    .join('; '),
);

// 5. nginx's own refusal of a body over its limit, in the API's shape.
const tooLarge = await call(url, '/api/listings', {
  method: 'POST',
  body: new Uint8Array(51 * 1024 * 1024),
  headers: { 'content-type': 'application/octet-stream' },
  cookie: seller.cookie,
});
const tooLargeBody = await tooLarge.text();
report(
  tooLarge.status === 413 && tooLargeBody.includes('"message"'),
  'corpo acima de client_max_body_size (51 MB): 413 em JSON pt-BR do nginx',
  `${tooLarge.status} ${tooLargeBody}`,
);

// 6. A process killed outright: nginx passes its requests to the others, the cluster starts it again.
const victim = cluster.apps.at(-1);
if (victim) {
  process.kill(victim.pid, 'SIGKILL');
  const killedAt = performance.now();
  const answers: string[] = [];
  for (let i = 0; i < appCount * 3; i++) {
    const response = await call(url, '/api/games');
    answers.push(`${response.status}`);
  }
  let back: number | null = null;
  while (back === null && performance.now() - killedAt < 60_000) {
    const now = readClusterState(stateDir)?.apps.find((app) => app.name === victim.name);
    const healthy =
      now && now.pid !== victim.pid && (await fetch(`${now.url}/api/health`).catch(() => null))?.ok;
    if (healthy) back = performance.now() - killedAt;
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  report(
    answers.every((status) => status === '200') && back !== null,
    `${victim.name} (pid ${victim.pid}) morto com SIGKILL: nenhuma requisição falha, e ele volta`,
    `${answers.length} GET /api/games logo depois: ${[...new Set(answers)].join(', ')}; ` +
      (back === null
        ? 'não voltou em 60 s'
        : `de volta (novo pid, /api/health 200) em ${(back / 1000).toFixed(1)} s`),
  );
}

console.log(failures === 0 ? '\nTudo certo.' : `\n${failures} verificação(ões) falharam.`);
process.exit(failures === 0 ? 0 : 1);
