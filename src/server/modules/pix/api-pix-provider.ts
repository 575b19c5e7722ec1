import { readFileSync } from 'node:fs';
import { tradeTxid } from '@shared/pix-charge';
import { pixChargeMessages as m } from '@shared/pix-charge-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Agent } from 'undici';
import { z } from 'zod';
import { ConfigError } from '../../config';
import { AppError } from '../../errors';
import { isChargeableAmount } from './br-code';
import type { PixChargeReading, PixProvider, PixRefundStatus } from './provider';

export interface ApiPixConfig {
  /** The PSP's API Pix root, e.g. `https://pix.example.com/api/v2` (no trailing slash). */
  baseUrl: string;
  /** Its OAuth2 token endpoint (client credentials). */
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  /** PEM files of the mTLS client certificate and its key (given together), and of a CA to trust. */
  certPath?: string;
  keyPath?: string;
  caPath?: string;
  /** The platform's key, written in every charge (`chave`). */
  key: string;
  /** How long a charge may be paid (`calendario.expiracao`). */
  expirationSeconds: number;
}

export interface ApiPixOptions {
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Each call to the PSP (token included) gives up after this long. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** A token is renewed this long before the PSP says it expires. */
const TOKEN_MARGIN_SECONDS = 30;
/** `solicitacaoPagador` holds at most 140 characters. */
const MAX_PAYER_REQUEST = 140;
/** A charge's txid, as API Pix requires it; anything else is never sent to the PSP. */
const COB_TXID = /^[A-Za-z0-9]{26,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
/** A payment's id in the SPI (`endToEndId`): 32 letters and digits. */
const END_TO_END_ID = /^[A-Za-z0-9]{32}$/;
/** A return's id in the SPI (`rtrId` of the pacs.004): likewise 32, starting with `D`. */
const RETURN_ID = /^D[A-Za-z0-9]{31}$/;
/** A refund's id, chosen by us (`PUT /pix/{e2eid}/devolucao/{id}`). */
const DEVOLUCAO_ID = /^[A-Za-z0-9]{1,35}$/;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

const valor = z.string().regex(VALOR);
const cobAnswer = z.looseObject({
  status: z.string(),
  valor: z.looseObject({ original: valor }),
  pixCopiaECola: z.string().min(1).optional(),
  pix: z.array(z.looseObject({ endToEndId: z.string().min(1), valor })).optional(),
});
type Cob = z.infer<typeof cobAnswer>;

/**
 * A refund as the PSP writes it (schema `Devolucao`). Only the status must be right to be read at all: the
 * id, amount and return id are compared with what was asked, so a wrong or missing one is told apart.
 */
const devolucaoAnswer = z.looseObject({
  id: z.string().optional(),
  rtrId: z.string().optional(),
  valor: z.string().optional(),
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
  motivo: z.string().optional(),
});
type Devolucao = z.infer<typeof devolucaoAnswer>;

/** `"12.34"` ↔ 1234: API Pix writes money as a decimal string with two places. */
export function valorOfCents(amountCents: number): string {
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}
export function centsOfValor(text: string): number {
  const [reais = '', cents = ''] = text.split('.');
  return Number(reais) * 100 + Number(cents);
}

/** What a charge read from the PSP means to a trade; only `CONCLUIDA` with its PIX is paid. */
export function readingOfCob(cob: Cob): PixChargeReading {
  const received = cob.pix ?? [];
  if (cob.status === 'CONCLUIDA' && received.length > 0) {
    return {
      status: 'paid',
      amountCents: received.reduce((sum, pix) => sum + centsOfValor(pix.valor), 0),
      endToEndId: received[0]?.endToEndId ?? null,
    };
  }
  return {
    status: cob.status === 'ATIVA' ? 'pending' : 'other',
    amountCents: centsOfValor(cob.valor.original),
    endToEndId: null,
  };
}

/**
 * The Banco Central's standard API Pix, as every PSP implements it: an OAuth2 token (client credentials,
 * basic auth, cached until shortly before it expires), `PUT /cob/{txid}` to create a trade's charge and
 * `GET /cob/{txid}` to read it, `PUT` and `GET /pix/{e2eid}/devolucao/{id}` to refund its PIX, over mTLS
 * with the client certificate from the configuration. Every call has a timeout; whatever goes wrong at the
 * PSP becomes a pt-BR AppError (502; 409 for a refund the PSP refuses), its details logged.
 */
export function createApiPixProvider(config: ApiPixConfig, options: ApiPixOptions = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Read now: a missing certificate stops the start, not the first charge.
  const connect = {
    cert: readPem(config.certPath, 'PIX_CERT_PATH'),
    key: readPem(config.keyPath, 'PIX_KEY_PATH'),
    ca: readPem(config.caPath, 'PIX_CA_PATH'),
  };
  // Undici's own fetch with its own Agent: a dispatcher only works with the undici that made it, and
  // Node's global fetch bundles another copy. Loaded at the first call, not at start-up (issue 24).
  let undici: Promise<{ fetch: typeof import('undici').fetch; dispatcher: Agent }> | undefined;
  const loadUndici = () => {
    undici ??= import('undici').then(({ Agent, fetch }) => ({
      fetch,
      dispatcher: new Agent({ connect, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }),
    }));
    return undici;
  };

  let token: { value: string; expiresAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  const fail = (message: string, detail: Record<string, unknown>): never => {
    options.log?.warn({ psp: detail }, 'API Pix: falha');
    throw new AppError('PIX_UNAVAILABLE', message);
  };
  /** The PSP answered, and said no: nothing happened, and trying again the same way will not change it. */
  const refuse = (message: string, detail: Record<string, unknown>): never => {
    options.log?.warn({ psp: detail }, 'API Pix: recusa');
    throw new AppError('CONFLICT', message);
  };

  async function send(
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number; json: unknown; error?: string }> {
    try {
      const { fetch, dispatcher } = await loadUndici();
      const response = await fetch(url, { ...init, dispatcher, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON (a proxy's error page): the status speaks for it.
      }
      return { status: response.status, json };
    } catch (err) {
      return { status: 0, json: null, error: err instanceof Error ? err.message : String(err) };
    }
  }

  async function requestToken(message: string): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const answer = await send(config.oauthUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const parsed = tokenAnswer.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success) {
      return fail(message, { step: 'token', status: answer.status, error: answer.error });
    }
    const lifetime = Math.max((parsed.data.expires_in ?? 300) - TOKEN_MARGIN_SECONDS, 0);
    token = { value: parsed.data.access_token, expiresAt: Date.now() + lifetime * 1000 };
    return token.value;
  }

  /** A valid token: the cached one, or one request shared by every caller waiting for it. */
  function accessToken(message: string): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    tokenRequest ??= requestToken(message).finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** One call to API Pix; a 401 drops the cached token and tries once more with a new one. */
  async function callApi(method: 'GET' | 'PUT', path: string, body: object | undefined, message: string) {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken(message);
      const answer = await send(`${config.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(body && { 'content-type': 'application/json' }),
        },
        body: body && JSON.stringify(body),
      });
      if (answer.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (answer.status === 0) {
        return fail(message, { step: `${method} ${path}`, error: answer.error });
      }
      return answer;
    }
  }

  const cobOf = (answer: { status: number; json: unknown }, message: string, step: string): Cob => {
    const parsed = cobAnswer.safeParse(answer.json);
    if (!parsed.success) return fail(message, { step, status: answer.status, body: problemOf(answer.json) });
    return parsed.data;
  };

  const devolucaoOf = (answer: { status: number; json: unknown }, step: string): Devolucao => {
    const parsed = devolucaoAnswer.safeParse(answer.json);
    if (!parsed.success) {
      return fail(m.refundUnavailable, { step, status: answer.status, body: problemOf(answer.json) });
    }
    return parsed.data;
  };

  /**
   * `GET /pix/{e2eid}/devolucao/{id}`: the refund as the PSP has it now, null when it has none under that id.
   * Unless it is exactly what was asked, no one can say whether money moved, so it is never called a refusal
   * (after which staff would refund by hand, maybe twice). `context.answered` is what the PUT answered, if any.
   */
  async function readBack(
    path: string,
    refundId: string,
    asked: string,
    context: Record<string, unknown> & { answered?: Devolucao | null },
  ): Promise<PixRefundStatus | null> {
    const { answered, ...detail } = context;
    const read = await callApi('GET', path, undefined, m.refundUnavailable);
    if (read.status === 404) return null;
    if (read.status !== 200) {
      return fail(m.refundUnavailable, {
        step: 'GET /devolucao',
        status: read.status,
        body: problemOf(read.json),
        ...detail,
      });
    }
    const reading = devolucaoOf(read, 'GET /devolucao');
    const { rtrId } = reading;
    const seen = {
      id: reading.id,
      rtrId,
      valor: reading.valor,
      status: reading.status,
      motivo: reading.motivo,
    };
    if (reading.id !== refundId || reading.valor !== asked || !rtrId || !RETURN_ID.test(rtrId)) {
      return fail(m.refundMismatch, { step: 'GET /devolucao', ...detail, read: seen });
    }
    // What the PUT answered, where it said anything, must be what the read-back says; only a refund still
    // with the SPI (EM_PROCESSAMENTO) may have become DEVOLVIDO or NAO_REALIZADO in between.
    if (
      answered &&
      ((answered.valor !== undefined && answered.valor !== reading.valor) ||
        (answered.rtrId !== undefined && answered.rtrId !== rtrId) ||
        (answered.status !== 'EM_PROCESSAMENTO' && answered.status !== reading.status))
    ) {
      const put = { rtrId: answered.rtrId, valor: answered.valor, status: answered.status };
      return fail(m.refundMismatch, { step: 'GET /devolucao', ...detail, read: seen, answered: put });
    }
    if (reading.status === 'NAO_REALIZADO') {
      options.log?.warn(
        { psp: { step: 'GET /devolucao', ...detail, read: seen } },
        'API Pix: devolução recusada',
      );
    }
    const status = { DEVOLVIDO: 'done', EM_PROCESSAMENTO: 'processing', NAO_REALIZADO: 'refused' } as const;
    return { returnId: rtrId, status: status[reading.status], amountCents: centsOfValor(asked) };
  }

  const provider: PixProvider & { close(): Promise<void> } = {
    kind: 'api-pix',

    async createCharge({ tradeId, amountCents, description }) {
      if (!isChargeableAmount(amountCents)) throw new AppError('VALIDATION', m.invalidAmount);
      const txid = tradeTxid(tradeId);
      const original = valorOfCents(amountCents);
      const message = m.providerUnavailable;
      const created = await callApi(
        'PUT',
        `/cob/${txid}`,
        {
          calendario: { expiracao: config.expirationSeconds },
          valor: { original },
          chave: config.key,
          solicitacaoPagador: description.slice(0, MAX_PAYER_REQUEST),
        },
        message,
      );
      let cob: Cob;
      if (created.status === 200 || created.status === 201) {
        cob = cobOf(created, message, 'PUT /cob');
      } else if (created.status === 400 || created.status === 409) {
        // The charge exists and can no longer be changed (paid, removed): the same charge, read back,
        // is the answer only when it asks for the same amount.
        const existing = await callApi('GET', `/cob/${txid}`, undefined, message);
        if (existing.status !== 200) {
          return fail(message, { step: 'PUT /cob', status: created.status, body: problemOf(created.json) });
        }
        cob = cobOf(existing, message, 'GET /cob');
        if (cob.valor.original !== original) {
          return fail(message, { step: 'PUT /cob', status: created.status, body: problemOf(created.json) });
        }
      } else {
        return fail(message, { step: 'PUT /cob', status: created.status, body: problemOf(created.json) });
      }
      if (!cob.pixCopiaECola) return fail(message, { step: 'PUT /cob', error: 'sem pixCopiaECola' });
      return { txid, copiaECola: cob.pixCopiaECola };
    },

    async readCharge(txid) {
      // Txids come from webhooks too: one that cannot be a charge of ours is never sent to the PSP.
      if (!COB_TXID.test(txid)) return { status: 'other', amountCents: 0, endToEndId: null };
      const message = m.readUnavailable;
      const answer = await callApi('GET', `/cob/${txid}`, undefined, message);
      if (answer.status === 404) return { status: 'other', amountCents: 0, endToEndId: null };
      if (answer.status !== 200) {
        return fail(message, { step: 'GET /cob', status: answer.status, body: problemOf(answer.json) });
      }
      return readingOfCob(cobOf(answer, message, 'GET /cob'));
    },

    async refund({ paymentEndToEndId, refundId, amountCents }) {
      if (
        !isChargeableAmount(amountCents) ||
        !END_TO_END_ID.test(paymentEndToEndId) ||
        !DEVOLUCAO_ID.test(refundId)
      ) {
        throw new AppError('VALIDATION', m.refundInvalid);
      }
      const path = `/pix/${paymentEndToEndId}/devolucao/${refundId}`;
      const asked = valorOfCents(amountCents);
      const detail = { e2eid: paymentEndToEndId, id: refundId, valor: asked };

      const sent = await callApi('PUT', path, { valor: asked }, m.refundUnavailable);
      const sentDetail = { ...detail, put: { status: sent.status, body: problemOf(sent.json) } };
      // 201 is the refund (new, or the same one again). 400/404/409 is a refusal, unless the id was already
      // taken by this very refund (some PSPs answer a repeated PUT so): the read-back below decides.
      const accepted = sent.status === 200 || sent.status === 201;
      if (!accepted && sent.status !== 400 && sent.status !== 404 && sent.status !== 409) {
        return fail(m.refundUnavailable, { step: 'PUT /devolucao', ...sentDetail });
      }
      const answered = accepted ? devolucaoOf(sent, 'PUT /devolucao') : null;

      // Only the PSP's answer when asked again counts: the answer to the PUT may have been lost or forged.
      const reading = await readBack(path, refundId, asked, { ...sentDetail, answered });
      if (!reading) {
        if (!answered) return refuse(m.refundRefused, { step: 'PUT /devolucao', ...sentDetail });
        return fail(m.refundMismatch, { step: 'GET /devolucao', status: 404, ...detail });
      }
      if (reading.status === 'refused') return refuse(m.refundRefused, { step: 'GET /devolucao', ...detail });
      return { ...reading, status: reading.status };
    },

    async readRefund({ paymentEndToEndId, refundId, amountCents }) {
      if (
        !isChargeableAmount(amountCents) ||
        !END_TO_END_ID.test(paymentEndToEndId) ||
        !DEVOLUCAO_ID.test(refundId)
      ) {
        throw new AppError('VALIDATION', m.refundInvalid);
      }
      const path = `/pix/${paymentEndToEndId}/devolucao/${refundId}`;
      return readBack(path, refundId, valorOfCents(amountCents), { e2eid: paymentEndToEndId });
    },

    // Nothing to close when no call was made.
    close: async () => {
      if (undici) await (await undici).dispatcher.close();
    },
  };
  return provider;
}

function readPem(file: string | undefined, variable: string): Buffer | undefined {
  if (!file) return undefined;
  try {
    return readFileSync(file);
  } catch (err) {
    throw new ConfigError(
      `Configuração inválida:\n  ${variable}: não foi possível ler ${file} (${(err as Error).message})`,
    );
  }
}

/** The RFC 7807 problem an API Pix error carries, kept short for the log. */
function problemOf(json: unknown) {
  if (!json || typeof json !== 'object') return undefined;
  const { type, title, detail } = json as Record<string, unknown>;
  return { type, title, detail };
}
