import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { createEfiProvider } from '../../src/server/modules/payouts/efi-provider';

/**
 * A stand-in for Efí's "envio de Pix" (docs/decisions/028-payouts.md), never calling out except to the webhook URL
 * it is given. Its shapes are Efí's public documentation ("Requisitar envio de Pix", "Consultar Pix enviado através
 * do idEnvio", "Consultar lista de Pix enviados", "Recebendo callbacks" → "Pix enviado"), transcribed below:
 *
 * - `POST /oauth/token`: Basic client_id:client_secret, `{"grant_type":"client_credentials"}` (JSON; a form is
 *   accepted too), answering `{access_token, token_type, expires_in, scope}` with the application's scopes.
 * - `PUT /v3/gn/pix/{idEnvio}` (scope `pix.send`): `idEnvio` `^[a-zA-Z0-9]{1,35}$`; body `valor` `\d{1,10}\.\d{2}`,
 *   `pagador.chave` (the account's key), optional `pagador.infoPagador` (≤ 140), `favorecido.chave` with an optional
 *   `favorecido.cpf` (11 digits) or `favorecido.cnpj` (14). 201 `{idEnvio, e2eId, valor, horario.solicitacao, status:
 *   EM_PROCESSAMENTO}`; 400 `{nome, mensagem}` (`valor_invalido`, `chave_nao_pertence_ao_documento`…); 409
 *   `id_envio_duplicado`; 422 `pagamento_negado`; 500 `erro_aplicacao`.
 * - `GET /v2/gn/pix/enviados/id-envio/{idEnvio}` and `GET /v2/gn/pix/enviados?inicio&fim` (scope
 *   `gn.pix.send.read`): the send as `{endToEndId, idEnvio, valor, chave, status, horario{solicitacao, liquidacao},
 *   favorecido{chave}}`; the listing as `{parametros{inicio, fim, paginacao}, pix: [...]}`; 404 a problem.
 * - The result, by webhook, to `{registered URL}/pix`: `{pix: [{endToEndId, chave, tipo: 'SOLICITACAO', status,
 *   valor, horario, gnExtras: {idEnvio, erro?}}]}`.
 *
 * Served over HTTPS requiring the client certificate (mTLS), with certificates made by openssl at start.
 */

const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;
const sendBody = z
  .object({
    valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
    pagador: z
      .object({ chave: z.string().min(1).max(77), infoPagador: z.string().max(140).optional() })
      .strict(),
    favorecido: z
      .object({
        chave: z.string().min(1).max(77),
        cpf: z
          .string()
          .regex(/^\d{11}$/)
          .optional(),
        cnpj: z
          .string()
          .regex(/^[\dA-Z]{14}$/)
          .optional(),
      })
      .strict()
      .refine((f) => !(f.cpf && f.cnpj), 'favorecido: cpf ou cnpj, não ambos'),
  })
  .strict();
type SendBody = z.infer<typeof sendBody>;

type Status = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';
export interface EfiSend {
  idEnvio: string;
  endToEndId: string;
  valor: string;
  /** The payer key (ours). */
  chave: string;
  status: Status;
  horario: { solicitacao: string; liquidacao?: string };
  favorecido: { chave: string; cpf?: string; cnpj?: string };
  infoPagador?: string;
  erro?: { codigo: string; origem: string; motivo: string };
}

/**
 * How the next sends go. `success`: accepted, then REALIZADO and notified after `settleDelayMs`. `delayed`: accepted
 * and left EM_PROCESSAMENTO until `settle(id)`. `refused`: accepted, then NAO_REALIZADO (an SPI error) and notified.
 * `keyNotOfDocument`: 400 `chave_nao_pertence_ao_documento`, nothing sent. `down`: 500, nothing sent. `timeoutAfterAccept`:
 * the send is made, then the connection is dropped without an answer (after `hangMs`).
 */
export type EfiMode = 'success' | 'delayed' | 'refused' | 'keyNotOfDocument' | 'down' | 'timeoutAfterAccept';
/** How results are notified: once, never (`lost`), twice (`duplicated`). */
export type EfiWebhookMode = 'once' | 'lost' | 'duplicated';

export interface EfiMtlsFiles {
  dir: string;
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  cleanup(): void;
}

/** A CA, Efí's server certificate for 127.0.0.1 and the account's client certificate, made by openssl. */
export function makeMtlsFiles(): EfiMtlsFiles {
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-efi-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=Efi CA');
  writeFileSync(path.join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  for (const [name, ext] of [
    ['server', ['-extfile', 'server.ext']],
    ['client', []],
  ] as const) {
    openssl('req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '1',
      '-out',
      `${name}.pem`,
      ...ext,
    );
  }
  const file = (name: string) => path.join(dir, name);
  return {
    dir,
    ca: file('ca.pem'),
    serverCert: file('server.pem'),
    serverKey: file('server.key'),
    clientCert: file('client.pem'),
    clientKey: file('client.key'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const alphanumeric = (length: number) =>
  randomBytes(length * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(length, '0')
    .slice(0, length);
/** An E2E id as Efí's (ISPB 09089356): `E`, the ISPB, AAAAMMDDHHMM, 11 letters and digits → 32. */
const newEndToEndId = () =>
  `E09089356${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${alphanumeric(11)}`;

export type EfiWebhookBody = ReturnType<typeof webhookBodyOf>;
function webhookBodyOf(send: EfiSend) {
  return {
    pix: [
      {
        endToEndId: send.endToEndId,
        chave: send.chave,
        tipo: 'SOLICITACAO' as const,
        status: send.status,
        valor: send.valor,
        horario: send.horario.liquidacao ?? null,
        ...(send.infoPagador && { infoPagador: send.infoPagador }),
        gnExtras: { idEnvio: send.idEnvio, ...(send.erro && { erro: send.erro }) },
      },
    ],
  };
}

export interface EfiSendMockOptions {
  /** Made here when not given; `close()` then removes them. */
  files?: EfiMtlsFiles;
  /** The account's key (`pagador.chave`); any other is refused (`chave_invalida`). */
  payerKey?: string;
}

export async function startEfiSendMock(options: EfiSendMockOptions = {}) {
  const files = options.files ?? makeMtlsFiles();
  const ownFiles = !options.files;
  const payerKey = options.payerKey ?? 'pagamentos@mercadogamer.test';
  const clientId = 'Client_Id_mercado_gamer';
  const clientSecret = `Client_Secret_${randomBytes(12).toString('hex')}`;
  const sends = new Map<string, EfiSend>();
  const tokens = new Map<string, Set<string>>();
  /** The DICT as the stand-in knows it: a key → the document of its holder. Unknown keys belong to anyone. */
  const dict = new Map<string, string>();
  const calls = { token: 0, put: 0, get: 0, list: 0, webhook: 0 };
  const violations: { path: string; issues: string[] }[] = [];
  const webhooks: { url: string; body: EfiWebhookBody; status: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const state = {
    mode: 'success' as EfiMode,
    webhookMode: 'once' as EfiWebhookMode,
    /** The registered webhook (`PUT /v2/webhook/{chave}`), without the `/pix` Efí appends. */
    webhookUrl: null as string | null,
    settleDelayMs: 20,
    hangMs: 0,
    scopes: ['pix.send', 'gn.pix.send.read', 'pix.read', 'webhook.write', 'webhook.read'],
    tokenLifetimeSeconds: 3600,
    /** The SPI's error for `refused`. */
    refusal: {
      codigo: 'AC03',
      origem: 'PSP do usuário recebedor',
      motivo: 'Conta do usuário recebedor inexistente',
    },
  };
  /** How a notification reaches the app: a real POST by default; tests of a bare app inject it. */
  let deliver = async (url: string, body: unknown): Promise<number> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.status;
  };

  const json = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const efiError = (res: ServerResponse, status: number, nome: string, mensagem: string) =>
    json(res, status, { nome, mensagem });
  const problem = (res: ServerResponse, status: number, name: string, detail: string) =>
    json(res, status, { type: `https://pix.bcb.gov.br/api/v2/error/${name}`, title: name, status, detail });

  async function notify(send: EfiSend) {
    if (!state.webhookUrl || state.webhookMode === 'lost') return;
    const times = state.webhookMode === 'duplicated' ? 2 : 1;
    for (let i = 0; i < times; i++) {
      const url = `${state.webhookUrl}/pix`;
      const body = webhookBodyOf(send);
      calls.webhook++;
      const status = await deliver(url, body).catch(() => 0);
      webhooks.push({ url, body, status });
    }
  }

  function settle(id: string, status: 'REALIZADO' | 'NAO_REALIZADO' = 'REALIZADO') {
    const send = sends.get(id);
    if (!send) throw new Error(`no send ${id}`);
    if (send.status !== 'EM_PROCESSAMENTO') return notify(send);
    send.status = status;
    if (status === 'REALIZADO') send.horario.liquidacao = new Date().toISOString();
    else send.erro = { ...state.refusal };
    return notify(send);
  }

  function later(fn: () => unknown, ms: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      Promise.resolve(fn()).catch(() => {});
    }, ms);
    timers.add(timer);
  }

  function scopesOf(req: IncomingMessage) {
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    return tokens.get(bearer) ?? null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'https://efi.mock');

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      calls.token++;
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return json(res, 401, { error: 'invalid_client' });
      let grant: string | null = null;
      try {
        grant = (JSON.parse(raw) as { grant_type?: string }).grant_type ?? null;
      } catch {
        grant = new URLSearchParams(raw).get('grant_type');
      }
      if (grant !== 'client_credentials') return json(res, 400, { error: 'unsupported_grant_type' });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, new Set(state.scopes));
      return json(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: state.tokenLifetimeSeconds,
        scope: state.scopes.join(' '),
      });
    }

    const scopes = scopesOf(req);
    if (!scopes) return problem(res, 401, 'AcessoNegado', 'Token ausente ou inválido.');

    const putPath = /^\/v3\/gn\/pix\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'PUT' && putPath?.[1]) {
      calls.put++;
      if (!scopes.has('pix.send')) return problem(res, 403, 'AcessoNegado', 'Escopo pix.send ausente.');
      const idEnvio = decodeURIComponent(putPath[1]);
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const parsed = sendBody.safeParse(body);
      const issues = [
        ...(ID_ENVIO.test(idEnvio) ? [] : ['idEnvio não casa ^[a-zA-Z0-9]{1,35}$']),
        ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
      ];
      if (issues.length > 0) {
        violations.push({ path: url.pathname, issues });
        return efiError(res, 400, 'valor_invalido', issues.join('; '));
      }
      const asked = parsed.data as SendBody;
      if (asked.pagador.chave !== payerKey) {
        return efiError(
          res,
          400,
          'chave_invalida',
          'A chave informada não faz referência à conta Efí autenticada',
        );
      }
      if (state.mode === 'down')
        return efiError(res, 500, 'erro_aplicacao', 'Ocorreu um erro ao validar a chave');
      if (sends.has(idEnvio)) {
        return efiError(
          res,
          409,
          'id_envio_duplicado',
          'O id de envio informado já foi utilizado em outro pagamento',
        );
      }
      const document = asked.favorecido.cpf ?? asked.favorecido.cnpj;
      const holder = dict.get(asked.favorecido.chave);
      if (state.mode === 'keyNotOfDocument' || (document && holder && holder !== document)) {
        return efiError(
          res,
          400,
          'chave_nao_pertence_ao_documento',
          'O cpf do favorecido é diferente do documento em posse da chave',
        );
      }
      const send: EfiSend = {
        idEnvio,
        endToEndId: newEndToEndId(),
        valor: asked.valor,
        chave: asked.pagador.chave,
        status: 'EM_PROCESSAMENTO',
        horario: { solicitacao: new Date().toISOString() },
        favorecido: asked.favorecido,
        ...(asked.pagador.infoPagador && { infoPagador: asked.pagador.infoPagador }),
      };
      sends.set(idEnvio, send);
      if (state.mode === 'success') later(() => settle(idEnvio, 'REALIZADO'), state.settleDelayMs);
      if (state.mode === 'refused') later(() => settle(idEnvio, 'NAO_REALIZADO'), state.settleDelayMs);
      if (state.mode === 'timeoutAfterAccept') {
        // Made at the PSP, the answer never arrives: the client cannot tell this from a send never made.
        later(() => settle(idEnvio, 'REALIZADO'), state.settleDelayMs);
        if (state.hangMs) await new Promise((resolve) => setTimeout(resolve, state.hangMs));
        req.socket.destroy();
        return;
      }
      return json(res, 201, {
        idEnvio,
        e2eId: send.endToEndId,
        valor: send.valor,
        horario: { solicitacao: send.horario.solicitacao },
        status: send.status,
      });
    }

    if (req.method !== 'GET') return problem(res, 405, 'MetodoNaoPermitido', 'Método não permitido.');
    if (!scopes.has('gn.pix.send.read'))
      return problem(res, 403, 'AcessoNegado', 'Escopo gn.pix.send.read ausente.');
    const readPath = /^\/v2\/gn\/pix\/enviados\/id-envio\/([^/]+)$/.exec(url.pathname);
    if (readPath?.[1]) {
      calls.get++;
      const send = sends.get(decodeURIComponent(readPath[1]));
      if (!send)
        return problem(
          res,
          404,
          'PixEnviadoNaoEncontrado',
          'Pix enviado não encontrado para o idEnvio informado.',
        );
      return json(res, 200, sentOf(send));
    }
    if (url.pathname === '/v2/gn/pix/enviados') {
      calls.list++;
      const inicio = url.searchParams.get('inicio');
      const fim = url.searchParams.get('fim');
      if (!inicio || !fim || Number.isNaN(Date.parse(inicio)) || Number.isNaN(Date.parse(fim))) {
        violations.push({ path: url.pathname, issues: ['inicio e fim são obrigatórios (RFC 3339)'] });
        return efiError(res, 400, 'valor_invalido', 'Os campos inicio e fim são obrigatórios');
      }
      const page = Number(url.searchParams.get('paginacao.paginaAtual') ?? 0);
      const size = Number(url.searchParams.get('paginacao.itensPorPagina') ?? 100);
      const all = [...sends.values()].filter((s) => {
        const at = Date.parse(s.horario.solicitacao);
        return at >= Date.parse(inicio) && at <= Date.parse(fim);
      });
      const pix = all.slice(page * size, (page + 1) * size).map(sentOf);
      return json(res, 200, {
        parametros: {
          inicio,
          fim,
          paginacao: {
            paginaAtual: page,
            itensPorPagina: size,
            quantidadeDePaginas: Math.max(1, Math.ceil(all.length / size)),
            quantidadeTotalDeItens: all.length,
          },
        },
        pix,
      });
    }
    return problem(res, 404, 'NaoEncontrado', 'Recurso não encontrado.');
  }

  function sentOf(send: EfiSend) {
    return {
      endToEndId: send.endToEndId,
      idEnvio: send.idEnvio,
      valor: send.valor,
      chave: send.chave,
      status: send.status,
      ...(send.infoPagador && { infoPagador: send.infoPagador }),
      horario: send.horario,
      // As Efí shows it: the key, the holder's document masked.
      favorecido: { chave: send.favorecido.chave },
    };
  }

  const server = createServer(
    {
      key: readFileSync(files.serverKey),
      cert: readFileSync(files.serverCert),
      ca: readFileSync(files.ca),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      handle(req, res).catch(() => efiError(res, 500, 'erro_aplicacao', 'Erro interno'));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `https://127.0.0.1:${port}`;

  return {
    url,
    oauthUrl: `${url}/oauth/token`,
    clientId,
    clientSecret,
    payerKey,
    files,
    state,
    calls,
    violations,
    webhooks,
    send: (id: string) => sends.get(id),
    sends: () => [...sends.values()],
    /** The SPI settles a send still in processing (and Efí notifies it, per `webhookMode`). */
    settle,
    /** Registers who holds a key (the DICT): a send naming another document is refused. */
    registerKey: (key: string, document: string) => dict.set(key, document),
    /** Efí's record of a send changed (for the reconciliation's "amount or key differing"). */
    alter(id: string, change: { valor?: string; chave?: string }) {
      const send = sends.get(id);
      if (!send) throw new Error(`no send ${id}`);
      if (change.valor) send.valor = change.valor;
      if (change.chave) send.favorecido.chave = change.chave;
    },
    /** A send made at Efí outside the app (a person in Efí's panel, or an id we never booked). */
    addSend(send: Partial<EfiSend> & { idEnvio: string; valor: string; favorecido: { chave: string } }) {
      const made: EfiSend = {
        endToEndId: newEndToEndId(),
        chave: payerKey,
        status: 'REALIZADO',
        horario: { solicitacao: new Date().toISOString(), liquidacao: new Date().toISOString() },
        ...send,
      };
      sends.set(made.idEnvio, made);
      return made;
    },
    /** What Efí would post for this send now (checked against the documented shape by the app's route). */
    webhookBody: (id: string) => {
      const send = sends.get(id);
      if (!send) throw new Error(`no send ${id}`);
      return webhookBodyOf(send);
    },
    /**
     * A forger's notification: the shape Efí posts, claiming `status` for `idEnvio` (a send that may not exist),
     * posted to `url` as given (with a wrong secret, or the right one leaked).
     */
    forgedWebhookBody(idEnvio: string, valor = '10.00', status: Status = 'REALIZADO') {
      return {
        pix: [
          {
            endToEndId: newEndToEndId(),
            chave: payerKey,
            tipo: 'SOLICITACAO' as const,
            status,
            valor,
            horario: new Date().toISOString(),
            gnExtras: { idEnvio },
          },
        ],
      };
    },
    setDeliver(fn: (url: string, body: unknown) => Promise<number>) {
      deliver = fn;
    },
    /** Every token issued so far stops working. */
    revokeTokens: () => tokens.clear(),
    resetCalls() {
      for (const name of Object.keys(calls) as (keyof typeof calls)[]) calls[name] = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => {
          if (ownFiles) files.cleanup();
          resolve();
        });
      }),
  };
}

export type EfiSendMock = Awaited<ReturnType<typeof startEfiSendMock>>;

/** The app's real Efí client pointed at this stand-in, with the client certificate. */
export function efiProviderFor(psp: EfiSendMock, timeoutMs = 8000) {
  return createEfiProvider(
    {
      baseUrl: psp.url,
      oauthUrl: psp.oauthUrl,
      clientId: psp.clientId,
      clientSecret: psp.clientSecret,
      certPath: psp.files.clientCert,
      keyPath: psp.files.clientKey,
      caPath: psp.files.ca,
      payerKey: psp.payerKey,
    },
    { timeoutMs },
  );
}

/** The environment that makes the app (or the production bundle) use this stand-in. */
export function efiEnvFor(psp: EfiSendMock, webhookSecret: string): Record<string, string> {
  return {
    PAYOUT_PROVIDER: 'efi',
    EFI_API_URL: psp.url,
    EFI_OAUTH_URL: psp.oauthUrl,
    EFI_CLIENT_ID: psp.clientId,
    EFI_CLIENT_SECRET: psp.clientSecret,
    EFI_CERT_PATH: psp.files.clientCert,
    EFI_KEY_PATH: psp.files.clientKey,
    EFI_CA_PATH: psp.files.ca,
    EFI_PAYER_KEY: psp.payerKey,
    EFI_WEBHOOK_SECRET: webhookSecret,
  };
}
