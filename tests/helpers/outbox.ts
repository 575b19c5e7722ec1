import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Mail } from '../../src/server/mail/mailer';

/** Mails written to DATA_DIR/outbox (the embedded mode's mail), oldest first. */
export function readOutbox(dataDir: string): Mail[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    // Only whole mails: one being written is still a '.part' file (mail/mailer.ts).
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail);
}

export function lastLinkTo(dataDir: string, email: string): string {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to === email)
    .at(-1);
  if (!mail?.link) throw new Error(`no mail with a link to ${email}`);
  return mail.link;
}
