import { paths } from '@shared/paths';
import { savedSearchMessages as m } from '@shared/saved-searches';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { savedSearches } from '../../db/schema';
import { rateLimits } from '../../http/rate-limits';
import { escapeHtml } from '../../mail/templates/layout';
import type { UnsubscribeScope, UnsubscribeTokens } from './unsubscribe';

const query = z.object({ t: z.string().max(400).default('') });

/** A small page of its own (no app, no sign-in): what the link stops, and the one button. */
function page(title: string, body: string, status = 200) {
  return {
    status,
    html: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | Mercado Gamer</title></head>
<body style="margin:0;background:#0b0f14;color:#e5e7eb;font-family:Arial,Helvetica,sans-serif;line-height:1.5">
<main style="max-width:480px;margin:10vh auto;padding:24px;background:#111827;border:1px solid #1f2937;border-radius:12px">
<p style="margin:0 0 8px;font-weight:bold;color:#1fe383">Mercado Gamer</p>
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>${body}</main></body></html>`,
  };
}

/**
 * The alert e-mails' unsubscribe link (`/alertas/sair?t=…`), signed out: `GET` shows what it stops and a button;
 * the button's `POST` stops it. A mail client's one-click (RFC 8058: `List-Unsubscribe-Post`) POSTs the same link.
 * Stopping is turning the e-mail off (the alert keeps ringing the bell); doing it twice is fine.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: UnsubscribeTokens }> = async (
  app,
  { db, tokens },
) => {
  // The page's form and the one-click POST send a form body ('List-Unsubscribe=One-Click'); nothing in it is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  /** What the token stops, in words; null when it names nothing (deleted alert, bad or expired token). */
  async function target(scope: UnsubscribeScope | null): Promise<string | null> {
    if (!scope) return null;
    if (scope.kind === 'u') return 'todos os seus alertas';
    const [row] = await db
      .select({ name: savedSearches.name })
      .from(savedSearches)
      .where(eq(savedSearches.id, scope.searchId));
    return row ? `o alerta “${row.name}”` : null;
  }

  const invalid = () =>
    page(
      'Link inválido',
      `<p>${escapeHtml(m.invalidLink)}</p><p>Você pode gerenciar seus alertas em <a style="color:#1fe383" href="${paths.alerts}">Meus alertas</a>.</p>`,
      400,
    );

  app.get(
    paths.alertUnsubscribe,
    {
      schema: {
        tags: ['alertas'],
        summary: 'Página de cancelar os e-mails de um alerta (sem entrar)',
        querystring: query,
      },
    },
    async (request, reply) => {
      const what = await target(tokens.verify(request.query.t));
      const shown = what
        ? page(
            'Parar os e-mails de alerta?',
            `<p>Você não vai mais receber e-mails de ${escapeHtml(what)}. Os avisos no sino do site continuam.</p>
<form method="post"><button type="submit" style="background:#1fe383;color:#03140b;border:0;border-radius:6px;padding:10px 18px;font-weight:bold;font-size:15px;cursor:pointer">Parar os e-mails</button></form>`,
          )
        : invalid();
      return reply
        .status(shown.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(shown.html);
    },
  );

  app.post(
    paths.alertUnsubscribe,
    {
      config: { rateLimit: rateLimits.alertUnsubscribe },
      schema: {
        tags: ['alertas'],
        summary: 'Para os e-mails de um alerta (link assinado, sem entrar)',
        querystring: query,
      },
    },
    async (request, reply) => {
      const scope = tokens.verify(request.query.t);
      const what = await target(scope);
      if (!scope || !what) {
        const shown = invalid();
        return reply.status(shown.status).type('text/html; charset=utf-8').send(shown.html);
      }
      await db
        .update(savedSearches)
        .set({ email: false })
        .where(
          scope.kind === 's' ? eq(savedSearches.id, scope.searchId) : eq(savedSearches.userId, scope.userId),
        );
      const shown = page(
        'Pronto',
        `<p>Você não vai mais receber e-mails de ${escapeHtml(what)}.</p><p>Para ligar de novo, abra <a style="color:#1fe383" href="${paths.alerts}">Meus alertas</a>.</p>`,
      );
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(shown.html);
    },
  );
};
