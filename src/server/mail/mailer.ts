import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { z } from 'zod';
import type { Db } from '../db/client';
import { checkWritableFolder } from '../storage/local';

/** A mail, whole: what the mail job carries (jobs/mail.ts) and what the mailer sends. */
export const mailSchema = z.object({
  to: z.string().min(3).max(320).includes('@'),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  html: z.string().min(1),
  /** The link the mail is about, printed in the log when mail goes to the outbox. */
  link: z.string().optional(),
  /** Extra headers, e.g. an alert's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers: z.record(z.string(), z.string()).optional(),
});
export type Mail = z.infer<typeof mailSchema>;

/** Sends one mail now; it throws when the mail did not go. */
export type Mailer = (mail: Mail) => Promise<void>;

/**
 * Queues one mail as a job (decision 021): in `via`'s transaction when given, so the mail exists if and only if
 * the action commits; it is sent after the commit, retried with backoff, and left as a dead letter if it never goes.
 */
export type QueueMail = (mail: Mail, via?: Db) => Promise<void>;

/** SMTP when configured; otherwise one JSON file per mail in the outbox folder, with the link logged. */
export function createMailer(
  options: { smtpUrl?: string; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (options.smtpUrl) {
    const transport = smtpTransport(options.smtpUrl);
    return async (mail) => {
      await (await transport()).sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers && { headers: mail.headers }),
      });
    };
  }
  return async (mail) => {
    await mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
    // Written aside and renamed into place: whoever reads the outbox (a developer, a test) never sees half a mail,
    // whatever else the sender writes at the same time.
    await writeFile(
      `${file}.part`,
      JSON.stringify({ from: options.from, sentAt: new Date().toISOString(), ...mail }, null, 2),
    );
    await rename(`${file}.part`, file);
    log.info({ to: mail.to, link: mail.link }, `E-mail para ${mail.to} salvo em ${file}`);
  };
}

/**
 * Throws when mail could not go out: the SMTP server refuses a connection or login (`verify`, nothing sent),
 * or, without SMTP, the outbox folder cannot be written.
 */
export function createMailCheck(
  options: { smtpUrl?: string; outboxDir: string },
  timeoutMs: number,
): () => Promise<void> {
  if (options.smtpUrl) {
    // The same limits on the socket as on the check, so a server that hangs does not keep sockets open for minutes.
    const transport = smtpTransport({
      url: options.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    return async () => {
      await (await transport()).verify();
    };
  }
  return () => checkWritableFolder(options.outboxDir);
}

/** The SMTP transport, made at its first use: nodemailer loads then, not at every start-up (issue 24). */
function smtpTransport(options: string | SMTPTransport.Options): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}
