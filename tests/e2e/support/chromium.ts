import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Debian's Chromium when installed; otherwise the binary shipped inside the npm package
 * @sparticuz/chromium, so `npm ci && npm test` needs no browser on the machine.
 */
export async function chromiumPath(): Promise<string> {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  // It unpacks into $TMPDIR/chromium and reuses whatever is there, so give it a folder of its own.
  const folder = path.join(tmpdir(), 'mg-sparticuz');
  mkdirSync(folder, { recursive: true });
  process.env.TMPDIR = folder;
  const { default: chromium } = await import('@sparticuz/chromium');
  const binary = await chromium.executablePath();
  // Test workers inherit the environment: they reuse this binary instead of unpacking it again at once.
  process.env.CHROMIUM_PATH = binary;
  return binary;
}
