import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at a time at least (vitest's default is one fewer than the cores: one here): most API tests wait on
    // their in-process database and timers, so on two cores the suite takes 200 s instead of 340 s. The PostgreSQL
    // run keeps the default: it runs niced beside this one in CI.
    ...(process.env.TEST_DATABASE_URL ? {} : { maxWorkers: Math.max(availableParallelism() - 1, 2) }),
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Files that never use TEST_DATABASE_URL's server: data-lock starts servers on the embedded database, and
          // nginx-config checks deploy/nginx.conf. On PostgreSQL they would only repeat the PGlite run (CI runs
          // both): about 25 CPU-seconds, the servers' start-ups.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL
              ? ['tests/api/data-lock.test.ts', 'tests/api/nginx-config.test.ts']
              : []),
          ],
          // Each file builds the app over its own fresh database, a copy of the one migrated once per run here.
          globalSetup: ['tests/helpers/global-setup.ts'],
          // The files share a worker's module cache: the app's modules are imported once per worker, not once per
          // file (about 2 CPU-seconds a file). Each file still builds its own app over its own database, and none
          // mocks a module or keeps state outside them (a race seam a test holds is released after each test).
          isolate: false,
          // Upper bounds, not waits: on a 2-core 2.1 GHz machine running the e2e and PostgreSQL suites beside this
          // one, the heaviest tests (a backup round trip, 21 password checks) pass 30 s.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
