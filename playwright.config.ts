import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/chromium';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The trade room's voice call: a fake microphone, allowed without a prompt, its audio played without a gesture.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  // A test mostly waits (pages, sockets, the server): four browsers use the two cores' idle time, beside the
  // vitest run that `npm test` starts with this one (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS) || 4,
  retries: 0,
  // Upper bounds, not waits (every step waits for what the user sees): on a 2-core 2.1 GHz machine with four
  // browsers and the API suites beside them, a page's step takes several times as long as on a quiet one.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A failed test keeps its trace's actions, DOM snapshots and network, without the screencast: encoding a frame
    // of every page for every test, passing ones included, costs CPU the other tests wait for.
    // E2E_TRACE=off records none (.ci/run: CI keeps only the printed output, so a trace there is never read).
    trace: process.env.E2E_TRACE === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: await chromiumPath(), args: chromiumArgs },
    // The app registers a service worker (issue 38): a page it controls sends its requests through the worker,
    // which `page.route` never sees, and the worker's precache download would load every test. Only the PWA's own
    // spec allows it (tests/e2e/pwa.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      testIgnore: /mobile/,
    },
    {
      name: 'mobile',
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: /mobile/,
    },
  ],
});
