import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { type Db, queryRows } from '../../src/server/db/client';
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

/**
 * Waits until `count` mails to `email` are in the outbox (a one-off mail is a job, sent just after the request that
 * queued it: decision 021) and answers them, oldest first.
 */
export async function mailsArrive(dataDir: string, email: string, count = 1): Promise<Mail[]> {
  const mailsTo = () => readOutbox(dataDir).filter((m) => m.to === email);
  await vi.waitFor(() => expect(mailsTo()).toHaveLength(count), { timeout: 20_000, interval: 50 });
  return mailsTo();
}

/**
 * Waits until every mail job queued so far has run (none waiting or running): then the outbox holds every mail
 * the requests before asked for, and a mail that should not exist can be asserted absent.
 */
export async function mailJobsDone(db: Db): Promise<void> {
  await vi.waitFor(
    async () => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'active', 'retry')`,
      );
      expect(row?.n).toBe(0);
    },
    { timeout: 20_000, interval: 50 },
  );
}
