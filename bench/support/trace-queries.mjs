// Preloaded into the server by `bench:trades -- --trace=dir` (`node --import`): counts and times every SQL
// statement the app sends through `pg`, per route (the request's method and path with ids as :id), and writes the
// totals to dir/queries-<pid>.json when the process exits. A bench tool only: the server never loads it otherwise.
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const dir = process.env.MG_TRACE_DIR;
const route = new AsyncLocalStorage();
const routes = new Map(); // route → { requests, statements, ms, sample }
const statements = new Map(); // normalised SQL → { count, ms }

diagnostics.subscribe('http.server.request.start', ({ request }) => {
  const name = `${request.method} ${request.url.replace(/\?.*/, '').replace(/\/\d+(?=\/|$)/g, '/:id')}`;
  const entry = routes.get(name) ?? { requests: 0, statements: 0, ms: 0 };
  entry.requests += 1;
  routes.set(name, entry);
  // The 20th request of each route keeps its statements in order: one step's sequence, read in the report.
  const sample = entry.requests === 20 ? [] : null;
  if (sample) entry.sample = sample;
  route.enterWith({ entry, sample });
});

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function traced(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text !== 'string') return query.call(this, config, values, callback);
  const started = performance.now();
  const { entry, sample } = route.getStore() ?? {};
  const done = () => {
    const ms = performance.now() - started;
    const key = text.replace(/\s+/g, ' ').slice(0, 160);
    const s = statements.get(key) ?? { count: 0, ms: 0 };
    s.count += 1;
    s.ms += ms;
    statements.set(key, s);
    sample?.push(`${ms.toFixed(1)} ms ${key}`);
    if (entry) {
      entry.statements += 1;
      entry.ms += ms;
    }
  };
  const cb = typeof values === 'function' ? values : callback;
  if (typeof cb === 'function') {
    const wrapped = (...a) => {
      done();
      cb(...a);
    };
    return typeof values === 'function'
      ? query.call(this, config, wrapped)
      : query.call(this, config, values, wrapped);
  }
  const result = query.call(this, config, values);
  if (result && typeof result.then === 'function') result.then(done, done);
  return result;
};

process.on('exit', () => {
  if (!dir) return;
  writeFileSync(
    path.join(dir, `queries-${process.pid}.json`),
    JSON.stringify(
      {
        routes: Object.fromEntries(routes),
        statements: [...statements].sort((a, b) => b[1].ms - a[1].ms).map(([sql, s]) => ({ sql, ...s })),
      },
      null,
      1,
    ),
  );
});
