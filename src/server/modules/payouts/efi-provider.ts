import { readFileSync } from 'node:fs';
import { payoutEfiMessages as m } from '@shared/payout-efi-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Agent } from 'undici';
import { z } from 'zod';
import { ConfigError } from '../../config';
import { centsOfValor, valorOfCents } from '../pix/api-pix-provider';
import {
  type PayoutOrder,
  type PayoutProvider,
  type PayoutReading,
  type PayoutSent,
  PayoutUnavailable,
} from './provider';

/**
 * Efí's "envio de Pix" (docs/decisions/033-payouts-psp.md): `PUT /v3/gn/pix/{idEnvio}` to send (scope
 * `pix.send`), `GET /v2/gn/pix/enviados/id-envio/{idEnvio}` to read one back and `GET /v2/gn/pix/enviados` to list
 * a day (scope `gn.pix.send.read`), OAuth2 client credentials over mTLS with the account's certificate.
 */
export interface EfiConfig {
  /** `https://pix.api.efipay.com.br` (production) or `https://pix-h.api.efipay.com.br` (homologação). */
  baseUrl: string;
  /** `{baseUrl}/oauth/token`. */
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account's certificate as PEM (Efí hands out a .p12; converted, it may hold the key too). */
  certPath: string;
  /** The certificate's key, when in a file of its own; unset, it is read from `certPath`. */
  keyPath?: string;
  /** A CA to trust for the PSP's server certificate (tests; Efí's chain is public). */
  caPath?: string;
  /** The platform's own key at Efí (`pagador.chave`): it must have a webhook registered, or Efí refuses sends. */
  payerKey: string;
}

export interface EfiOptions {
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Each call to the PSP (token included) gives up after this long: its outcome is then unknown. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const TOKEN_MARGIN_SECONDS = 30;
/** `idEnvio`, as Efí requires it; anything else is never sent. */
export const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
/** `infoPagador` holds at most 140 characters. */
const MAX_INFO = 140;
/** A listing page: Efí's maximum `paginacao.itensPorPagina`. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 100;

const tokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  scope: z.string().optional(),
});

const sendStatus = z.enum(['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO']);

/** The answer to `PUT /v3/gn/pix/{idEnvio}` (201). */
const putAnswer = z.looseObject({
  idEnvio: z.string(),
  e2eId: z.string().optional(),
  valor: z.string().regex(VALOR),
  status: sendStatus,
});

/** One send as `GET /v2/gn/pix/enviados…` describes it. */
const sentAnswer = z.looseObject({
  endToEndId: z.string().nullish(),
  idEnvio: z.string(),
  valor: z.string().regex(VALOR),
  status: sendStatus,
  horario: z.looseObject({ solicitacao: z.string().nullish(), liquidacao: z.string().nullish() }).nullish(),
  favorecido: z.looseObject({ chave: z.string().optional() }).optional(),
  motivo: z.string().optional(),
  gnExtras: z.looseObject({ erro: z.looseObject({ motivo: z.string().optional() }).optional() }).optional(),
});
type Sent = z.infer<typeof sentAnswer>;

/** The listing: BCB style `{ parametros, pix: [...] }`; Efí's SDK types it as a bare array, read both. */
const listAnswer = z.union([
  z.array(sentAnswer),
  z.looseObject({
    parametros: z
      .looseObject({
        paginacao: z.looseObject({ quantidadeDePaginas: z.coerce.number().int().optional() }).optional(),
      })
      .optional(),
    pix: z.array(sentAnswer).default([]),
  }),
]);

/** Efí's error body (`{ nome, mensagem }`), or an RFC 7807 problem on the BCB-style endpoints. */
const efiError = z.looseObject({ nome: z.string().optional(), mensagem: z.string().optional() });

/** A paid send's id in the SPI: `E`, the ISPB, a date and letters/digits (32). */
const END_TO_END_ID = /^E[A-Za-z0-9]{31}$/;

/** What a send read from Efí means to a payout. Only `REALIZADO` with its E2E id is paid. */
export function readingOfSent(sent: Sent): PayoutReading {
  if (sent.status === 'REALIZADO') {
    const endToEndId = sent.endToEndId ?? '';
    // Paid without a valid E2E id is not a reading anyone can book: left processing, read again later.
    if (!END_TO_END_ID.test(endToEndId)) return { status: 'processing' };
    const settled = sent.horario?.liquidacao ?? sent.horario?.solicitacao;
    const paidAt = settled ? new Date(settled) : new Date();
    return {
      status: 'paid',
      endToEndId,
      paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt,
      amountCents: centsOfValor(sent.valor),
    };
  }
  if (sent.status === 'NAO_REALIZADO') {
    const motivo = sent.gnExtras?.erro?.motivo ?? sent.motivo;
    return { status: 'refused', reason: motivo ? m.notMadeBecause(motivo) : m.notMade };
  }
  return { status: 'processing' };
}

/** Efí's refusal of a PUT (400/422), in the seller's and staff's words. */
export function reasonOfRefusal(status: number, body: unknown): string {
  const parsed = efiError.safeParse(body);
  const nome = parsed.success ? parsed.data.nome : undefined;
  if (nome === 'chave_nao_pertence_ao_documento') return m.keyNotOfDocument;
  if (nome === 'pagamento_negado' || status === 422) return m.denied;
  if (nome === 'chave_nao_encontrada' || nome === 'chave_invalida_favorecido') return m.keyInvalid;
  const mensagem = parsed.success ? parsed.data.mensagem : undefined;
  return mensagem ? `${m.rejected} ${mensagem}` : m.rejected;
}

/**
 * Efí as a payout provider: sends are idempotent per `idEnvio` (our id, derived from the trade), a result is read
 * back by that id, and the day's sends are listed for the reconciliation. A call whose outcome is unknown (timeout,
 * network, 5xx, 429, an answer we cannot read) throws `PayoutUnavailable`: the payout stays `sending` and is read
 * back later, never sent under another id. Only a PSP that answered "no" (400/422) makes a `refused`.
 */
export function createEfiProvider(config: EfiConfig, options: EfiOptions = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Read now: a missing certificate stops the start, naming its variable.
  const connect = {
    cert: readPem(config.certPath, 'EFI_CERT_PATH'),
    key: readPem(config.keyPath ?? config.certPath, config.keyPath ? 'EFI_KEY_PATH' : 'EFI_CERT_PATH'),
    ...(config.caPath && { ca: readPem(config.caPath, 'EFI_CA_PATH') }),
  };
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

  const unavailable = (detail: Record<string, unknown>): never => {
    options.log?.warn({ psp: detail }, 'Efí: sem resposta conclusiva');
    throw new PayoutUnavailable(`Efí: ${JSON.stringify(detail)}`);
  };

  async function call(
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

  async function requestToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    // Efí takes the grant as JSON; the scopes are those enabled on the application in Efí's panel.
    const answer = await call(config.oauthUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    const parsed = tokenAnswer.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success) {
      return unavailable({ step: 'token', status: answer.status, error: answer.error });
    }
    const granted = parsed.data.scope?.split(/\s+/) ?? [];
    if (parsed.data.scope !== undefined && !granted.includes('pix.send')) {
      options.log?.warn(
        { psp: { step: 'token', scope: parsed.data.scope } },
        'Efí: aplicação sem o escopo pix.send',
      );
    }
    const lifetime = Math.max((parsed.data.expires_in ?? 300) - TOKEN_MARGIN_SECONDS, 0);
    token = { value: parsed.data.access_token, expiresAt: Date.now() + lifetime * 1000 };
    return token.value;
  }

  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** One call to Efí; a 401 drops the cached token and tries once more. No answer at all is unavailable. */
  async function api(method: 'GET' | 'PUT', path: string, body?: object) {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const answer = await call(`${config.baseUrl}${path}`, {
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
      if (answer.status === 0) return unavailable({ step: `${method} ${path}`, error: answer.error });
      return answer;
    }
  }

  async function read(id: string): Promise<PayoutReading | null> {
    if (!ID_ENVIO.test(id)) return null;
    const answer = await api('GET', `/v2/gn/pix/enviados/id-envio/${id}`);
    if (answer.status === 404) return null;
    const parsed = sentAnswer.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success || parsed.data.idEnvio !== id) {
      return unavailable({
        step: 'GET /enviados/id-envio',
        status: answer.status,
        body: errorOf(answer.json),
      });
    }
    return readingOfSent(parsed.data);
  }

  const provider: PayoutProvider & { close(): Promise<void> } = {
    kind: 'efi',
    automatic: true,

    async send(order: PayoutOrder) {
      if (!ID_ENVIO.test(order.id) || !Number.isInteger(order.amountCents) || order.amountCents <= 0) {
        throw new Error(`Efí: envio inválido (${order.id}, ${order.amountCents})`);
      }
      const valor = valorOfCents(order.amountCents);
      const { kind, number } = order.holder.document;
      const body = {
        valor,
        pagador: {
          chave: config.payerKey,
          infoPagador: `Repasse da negociação #${order.tradeId}`.slice(0, MAX_INFO),
        },
        // The document makes Efí refuse a key that is not the seller's own (`chave_nao_pertence_ao_documento`).
        favorecido: { chave: order.key.value, [kind]: number.replace(/[^\dA-Za-z]/g, '').toUpperCase() },
      };
      const answer = await api('PUT', `/v3/gn/pix/${order.id}`, body);
      const detail = { step: 'PUT /v3/gn/pix', idEnvio: order.id, status: answer.status };

      if (answer.status === 200 || answer.status === 201) {
        const parsed = putAnswer.safeParse(answer.json);
        if (!parsed.success || parsed.data.idEnvio !== order.id || parsed.data.valor !== valor) {
          // Accepted, but not as asked (or unreadable): what moved is known only by reading it back.
          return (await read(order.id)) ?? unavailable({ ...detail, body: errorOf(answer.json) });
        }
        const { status, e2eId } = parsed.data;
        return readingOfSent({ idEnvio: order.id, valor, status, endToEndId: e2eId });
      }
      if (answer.status === 409) {
        // `id_envio_duplicado`: this id was sent before (a retry after a lost answer). The send it names is the
        // answer only when it is this one, for this amount; never a refusal, or staff would pay it a second time.
        const again = await api('GET', `/v2/gn/pix/enviados/id-envio/${order.id}`);
        const parsed = sentAnswer.safeParse(again.json);
        if (again.status === 200 && parsed.success && parsed.data.idEnvio === order.id) {
          if (parsed.data.valor !== valor) return unavailable({ ...detail, mismatch: parsed.data.valor });
          return readingOfSent(parsed.data);
        }
        return unavailable({ ...detail, readBack: again.status });
      }
      if (answer.status === 400 || answer.status === 422) {
        options.log?.warn({ psp: { ...detail, body: errorOf(answer.json) } }, 'Efí: envio recusado');
        return { status: 'refused', reason: reasonOfRefusal(answer.status, answer.json) };
      }
      // 403 (a scope missing), 429, 5xx, anything else: the send may or may not exist.
      return unavailable({ ...detail, body: errorOf(answer.json) });
    },

    read,

    async listSent({ from, to }) {
      const sent: PayoutSent[] = [];
      // Efí's `fim` is inclusive: the last millisecond before `to`, and each send is checked against the range.
      const inicio = from.toISOString();
      const fim = new Date(to.getTime() - 1).toISOString();
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = new URLSearchParams({
          inicio,
          fim,
          'paginacao.paginaAtual': String(page),
          'paginacao.itensPorPagina': String(PAGE_SIZE),
        });
        const answer = await api('GET', `/v2/gn/pix/enviados?${query}`);
        // Efí answers 404 for a day without sends.
        if (answer.status === 404) break;
        const parsed = listAnswer.safeParse(answer.json);
        if (answer.status !== 200 || !parsed.success) {
          return unavailable({ step: 'GET /enviados', status: answer.status, body: errorOf(answer.json) });
        }
        const items = Array.isArray(parsed.data) ? parsed.data : parsed.data.pix;
        for (const item of items) {
          const at = item.horario?.solicitacao ? new Date(item.horario.solicitacao) : null;
          if (at && (at < from || at >= to)) continue;
          const reading = readingOfSent(item);
          sent.push({
            id: item.idEnvio,
            amountCents: centsOfValor(item.valor),
            key: item.favorecido?.chave ?? '',
            endToEndId: reading.status === 'paid' ? reading.endToEndId : null,
            status: reading.status,
          });
        }
        const pages = Array.isArray(parsed.data)
          ? 1
          : (parsed.data.parametros?.paginacao?.quantidadeDePaginas ?? 1);
        if (page + 1 >= pages || items.length === 0) break;
      }
      return sent;
    },

    close: async () => {
      if (undici) await (await undici).dispatcher.close();
    },
  };
  return provider;
}

export type EfiProvider = ReturnType<typeof createEfiProvider>;

function readPem(file: string, variable: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new ConfigError(
      `Configuração inválida:\n  ${variable}: não foi possível ler ${file} (${(err as Error).message})`,
    );
  }
}

/** Efí's `{ nome, mensagem }` or a problem's `{ type, title, detail }`, kept short for the log. */
function errorOf(json: unknown) {
  if (!json || typeof json !== 'object') return undefined;
  const { nome, mensagem, type, title, detail } = json as Record<string, unknown>;
  return { nome, mensagem, type, title, detail };
}
