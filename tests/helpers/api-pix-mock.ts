import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils/generate-pix-payload';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { createApiPixProvider } from '../../src/server/modules/pix/api-pix-provider';

/**
 * The Banco Central's OpenAPI of the API Pix, kept outside the project (`../shared/apipix`, as CI has it;
 * `API_PIX_OPENAPI` names another copy for a checkout elsewhere) and never copied in. Its `pattern`s are
 * written unanchored (`\d{1,10}\.\d{2}`), which JSON Schema reads as "contains" and would let `"1.234"`
 * through; PSPs read them as the whole value, so the mock anchors them.
 */
const OPENAPI_FILE =
  process.env.API_PIX_OPENAPI ??
  fileURLToPath(new URL('../../../shared/apipix/openapi.yaml', import.meta.url));

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { $ref?: string };
}
interface OpenApi {
  paths: Record<
    string,
    { parameters?: OpenApiOperation['parameters']; get?: OpenApiOperation; put?: OpenApiOperation }
  >;
}

let spec: { document: OpenApi; ajv: Ajv } | null = null;

/** Read once per test file (~0.5 s), then shared by every mock it starts. */
function loadSpec() {
  if (spec) return spec;
  if (!existsSync(OPENAPI_FILE)) {
    throw new Error(`API Pix OpenAPI not found at ${OPENAPI_FILE} (set API_PIX_OPENAPI to its path)`);
  }
  const document = parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApi;
  anchorPatterns(document);
  // OpenAPI 3.0 schemas carry keywords JSON Schema does not know (`example`, `nullable`): not strict.
  const ajv = new Ajv({ strict: false, validateSchema: false, validateFormats: false, allErrors: true });
  ajv.addSchema(document, 'apipix');
  spec = { document, ajv };
  return spec;
}

function anchorPatterns(node: unknown) {
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record.pattern === 'string' && !record.pattern.startsWith('^')) {
    record.pattern = `^(?:${record.pattern})$`;
  }
  for (const value of Object.values(record)) anchorPatterns(value);
}

/** The schema at a JSON pointer of the OpenAPI document, e.g. `['components', 'schemas', 'Devolucao']`. */
function schemaAt(...pointer: (string | number)[]): ValidateFunction {
  const fragment = pointer
    .map((part) => `/${encodeURIComponent(String(part).replaceAll('~', '~0').replaceAll('/', '~1'))}`)
    .join('');
  const validate = loadSpec().ajv.getSchema(`apipix#${fragment}`);
  if (!validate) throw new Error(`no schema at #${fragment} in the API Pix OpenAPI`);
  return validate;
}

/** One item of an API Pix problem's `violacoes`. */
type Violation = { razao: string; propriedade: string };

const violationsOf = (errors: ErrorObject[] | null | undefined, where: string): Violation[] =>
  (errors ?? []).map((error) => ({
    razao: `${where}${error.instancePath} ${error.message ?? 'inválido'}`,
    propriedade: `${where}${error.instancePath.replaceAll('/', '.')}`,
  }));

/**
 * A request checked against an operation of the OpenAPI: its path parameters and its JSON body. Answers the
 * violations (API Pix `violacoes`), empty when the request is what the standard accepts.
 */
function checkRequest(
  path: string,
  method: 'put' | 'get',
  params: Record<string, string>,
  body?: unknown,
): Violation[] {
  const violations: Violation[] = [];
  const item = loadSpec().document.paths[path];
  const operation = item?.[method];
  if (!item || !operation) throw new Error(`no ${method} ${path} in the API Pix OpenAPI`);
  // Parameters are declared on the path (shared by its methods) or on the operation.
  const declarations: [string[], OpenApiOperation['parameters']][] = [
    [['paths', path], item.parameters],
    [['paths', path, method], operation.parameters],
  ];
  for (const [at, declared] of declarations) {
    for (const [index, parameter] of (declared ?? []).entries()) {
      if (parameter.in !== 'path') continue;
      const validate = schemaAt(...at, 'parameters', index, 'schema');
      if (!validate(params[parameter.name])) {
        violations.push(...violationsOf(validate.errors, parameter.name));
      }
    }
  }
  if (operation.requestBody) {
    const at = operation.requestBody.$ref?.replace(/^#\//, '').split('/') ?? [
      'paths',
      path,
      method,
      'requestBody',
    ];
    const validate = schemaAt(...at, 'content', 'application/json', 'schema');
    if (!validate(body)) violations.push(...violationsOf(validate.errors, 'body'));
  }
  return violations;
}

/** What the mock answers must itself be what the standard says (a forged answer excepted). */
function assertAnswer(schema: string, answer: unknown) {
  const validate = schemaAt('components', 'schemas', schema);
  if (!validate(answer)) {
    throw new Error(`the mock answered a ${schema} the OpenAPI refuses: ${JSON.stringify(validate.errors)}`);
  }
}

type DevolucaoStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/** A refund of a received PIX (schema `Devolucao`). */
interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza?: string;
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: DevolucaoStatus;
  motivo?: string;
}

/** A PIX received for a charge (an entry of the `pix` array, schema `Pix`), with its refunds. */
interface ReceivedPix {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  devolucoes?: Devolucao[];
}

/** What the next read-back of a refund says instead of the truth: another amount, no `rtrId` (null)… */
export interface RefundForgery {
  valor?: string;
  rtrId?: string | null;
  status?: DevolucaoStatus;
}

interface Cob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
  pix?: ReceivedPix[];
}

const centsOf = (valor: string) => Math.round(Number(valor) * 100);
const alphanumeric = (length: number) =>
  randomBytes(length)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(length, '0')
    .slice(0, length);
/** A pacs.004's id: `D`, the PSP's ISPB, the date and time (AAAAMMDDHHMM), 11 letters and digits. */
const newReturnId = () =>
  `D12345678${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${alphanumeric(11)}`;

export interface ApiPixMockOptions {
  /** TLS options (key, cert, ca, requestCert…) for an HTTPS mock; plain HTTP without them. */
  tls?: ServerOptions;
}

/**
 * A PSP's API Pix on 127.0.0.1, port 0: `POST /oauth/token` (client credentials, basic auth),
 * `PUT /cob/:txid` and `GET /cob/:txid`, `PUT` and `GET /pix/:e2eid/devolucao/:id` (bearer token), with
 * controls to pay or remove a charge, to refuse a refund or forge its read-back, to take the PSP down or
 * make it slow, to revoke its tokens, and counts of every call. Every PUT is checked against the Banco
 * Central's OpenAPI (a 400 `CobOperacaoInvalida` or `PixDevolucaoInvalida` with its `violacoes` otherwise).
 */
export async function startApiPixMock(options: ApiPixMockOptions = {}) {
  const clientId = 'mercado-gamer';
  const clientSecret = randomBytes(12).toString('hex');
  const cobs = new Map<string, Cob>();
  const tokens = new Set<string>();
  loadSpec();
  const calls = { token: 0, put: 0, get: 0, refundPut: 0, refundGet: 0 };
  const bodies: { put: Record<string, unknown>[]; refundPut: unknown[] } = { put: [], refundPut: [] };
  const state = {
    tokenLifetimeSeconds: 3600,
    delayMs: 0,
    down: false,
    /** The status a new refund gets: settled at once, or still with the SPI until `settleRefund`. */
    refundStatus: 'DEVOLVIDO' as 'DEVOLVIDO' | 'EM_PROCESSAMENTO',
    /**
     * A PUT repeating a refund's id and amount: `answer` gives the same refund again (201); `problem`
     * refuses it as the OpenAPI lists ("um {id} já utilizado"), leaving the client to read it back.
     */
    repeatedRefundPut: 'answer' as 'answer' | 'problem',
  };
  /** Set by `failNextRefund` / `forgeNextRefundReading`; each is used once. */
  let nextRefundFailure: string | null = null;
  let nextRefundForgery: RefundForgery | null = null;

  const receivedPix = (endToEndId: string) => {
    for (const cob of cobs.values()) {
      const pix = cob.pix?.find((p) => p.endToEndId === endToEndId);
      if (pix) return pix;
    }
    return undefined;
  };

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
    });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const problem = (res: ServerResponse, status: number, title: string) =>
    send(res, status, { type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.down) return problem(res, 503, 'ServicoIndisponivel');
    const url = new URL(req.url ?? '/', 'http://mock');

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      calls.token++;
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(res, 401, { error: 'invalid_client' });
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
        return send(res, 400, { error: 'unsupported_grant_type' });
      }
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return send(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: state.tokenLifetimeSeconds,
        scope: 'cob.write cob.read pix.write pix.read',
      });
    }

    const cobPath = /^\/cob\/([A-Za-z0-9]+)$/.exec(url.pathname);
    const refundPath = /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(url.pathname);
    if (!cobPath?.[1] && !(refundPath?.[1] && refundPath[2])) return problem(res, 404, 'NaoEncontrado');
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return problem(res, 401, 'AcessoNegado');
    if (refundPath?.[1] && refundPath[2]) {
      return handleRefund(
        req,
        res,
        decodeURIComponent(refundPath[1]),
        decodeURIComponent(refundPath[2]),
        raw,
      );
    }
    const txid = cobPath?.[1] ?? '';

    if (req.method === 'GET') {
      calls.get++;
      const cob = cobs.get(txid);
      return cob ? send(res, 200, cob) : problem(res, 404, 'NaoEncontrado');
    }
    if (req.method === 'PUT') {
      calls.put++;
      const body = JSON.parse(raw) as Record<string, unknown> & {
        calendario?: { expiracao?: number };
        valor?: { original?: string };
        chave?: string;
        solicitacaoPagador?: string;
      };
      bodies.put.push(body);
      const violacoes = checkRequest('/cob/{txid}', 'put', { txid }, body);
      if (violacoes.length > 0) {
        return send(res, 400, {
          type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
          title: 'Cobrança inválida.',
          status: 400,
          detail: 'A requisição que busca alterar ou criar uma cobrança não respeita o schema.',
          violacoes,
        });
      }
      const existing = cobs.get(txid);
      if (existing && existing.status !== 'ATIVA') return problem(res, 400, 'CobOperacaoInvalida');
      const cob: Cob = {
        txid,
        status: 'ATIVA',
        calendario: { criacao: new Date().toISOString(), expiracao: body.calendario?.expiracao ?? 86400 },
        valor: { original: body.valor?.original ?? '' },
        chave: body.chave ?? '',
        solicitacaoPagador: body.solicitacaoPagador,
        pixCopiaECola:
          generatePixPayload({
            url: `pix.mock.test/qr/v2/${txid.toLowerCase()}`,
            merchantName: 'Mercado Gamer',
            merchantCity: 'SAO PAULO',
          }) ?? '',
      };
      cobs.set(txid, cob);
      return send(res, 201, cob);
    }
    return problem(res, 405, 'MetodoNaoPermitido');
  }

  /** `PUT` and `GET /pix/{e2eid}/devolucao/{id}`, as the OpenAPI describes them. */
  function handleRefund(req: IncomingMessage, res: ServerResponse, e2eid: string, id: string, raw: string) {
    const path = '/pix/{e2eid}/devolucao/{id}';
    const invalid = (detail: string, violacoes: Violation[] = []) =>
      send(res, 400, {
        type: 'https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida',
        title: 'Devolução inválida.',
        status: 400,
        detail,
        ...(violacoes.length > 0 && { violacoes }),
      });

    if (req.method === 'GET') {
      calls.refundGet++;
      if (checkRequest(path, 'get', { e2eid, id }).length > 0) {
        return problem(res, 404, 'PixDevolucaoNaoEncontrada');
      }
      const devolucao = receivedPix(e2eid)?.devolucoes?.find((d) => d.id === id);
      if (!devolucao) return problem(res, 404, 'PixDevolucaoNaoEncontrada');
      const forgery = nextRefundForgery;
      if (!forgery) {
        assertAnswer('Devolucao', devolucao);
        return send(res, 200, devolucao);
      }
      nextRefundForgery = null;
      const { rtrId, ...rest } = devolucao;
      return send(res, 200, {
        ...rest,
        ...(forgery.rtrId !== null && { rtrId: forgery.rtrId ?? rtrId }),
        ...(forgery.valor !== undefined && { valor: forgery.valor }),
        ...(forgery.status !== undefined && { status: forgery.status }),
      });
    }
    if (req.method !== 'PUT') return problem(res, 405, 'MetodoNaoPermitido');

    calls.refundPut++;
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return invalid('O corpo da requisição não é JSON.');
    }
    bodies.refundPut.push(body);
    const violations = checkRequest(path, 'put', { e2eid, id }, body);
    if (violations.length > 0) {
      return invalid('A requisição de devolução não respeita o schema.', violations);
    }
    const asked = body as { valor: string; natureza?: string; descricao?: string };
    const pix = receivedPix(e2eid);
    if (!pix) return problem(res, 404, 'NaoEncontrado');
    pix.devolucoes ??= [];

    const existing = pix.devolucoes.find((d) => d.id === id);
    if (existing) {
      const same = existing.valor === asked.valor && existing.natureza === asked.natureza;
      if (!same || state.repeatedRefundPut === 'problem') {
        return invalid('O id de devolução já foi usado por outra requisição de devolução deste pix.');
      }
      assertAnswer('Devolucao', existing);
      return send(res, 201, existing);
    }
    const refunded = pix.devolucoes
      .filter((d) => d.status !== 'NAO_REALIZADO')
      .reduce((sum, d) => sum + centsOf(d.valor), 0);
    if (centsOf(asked.valor) <= 0 || centsOf(asked.valor) > centsOf(pix.valor) - refunded) {
      return invalid('A devolução, somada às anteriores, excederia o valor do pix originário.');
    }
    const now = new Date().toISOString();
    const status = nextRefundFailure ? 'NAO_REALIZADO' : state.refundStatus;
    const devolucao: Devolucao = {
      id,
      rtrId: newReturnId(),
      valor: asked.valor,
      ...(asked.natureza && { natureza: asked.natureza }),
      ...(asked.descricao && { descricao: asked.descricao }),
      horario: { solicitacao: now, ...(status === 'DEVOLVIDO' && { liquidacao: now }) },
      status,
      ...(nextRefundFailure && { motivo: nextRefundFailure }),
    };
    nextRefundFailure = null;
    pix.devolucoes.push(devolucao);
    assertAnswer('Devolucao', devolucao);
    return send(res, 201, devolucao);
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(() => problem(res, 500, 'ErroInterno'));
  };
  const server = options.tls ? createHttpsServer(options.tls, listener) : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;

  return {
    url,
    oauthUrl: `${url}/oauth/token`,
    clientId,
    clientSecret,
    calls,
    bodies,
    state,
    cob: (txid: string) => cobs.get(txid),
    /**
     * The PSP's call to a webhook registered as `webhookUrl` (the OpenAPI's callback `{webhookUrl}/pix`): the URL
     * it posts to, the registered one with `/pix` appended literally (after a query string too), and the body the
     * OpenAPI defines for it (`WebhookPixBody`), checked against it. A paid charge is notified with the PIX
     * received; any other txid (a forger's, a replay's) with a made-up PIX of its amount, as a forger would.
     */
    callback(webhookUrl: string, txids: string[]) {
      const pix = txids.map((txid) => {
        const cob = cobs.get(txid);
        const received = cob?.pix?.[0];
        if (received) {
          const { endToEndId, valor, horario } = received;
          return { endToEndId, txid, valor, horario };
        }
        const endToEndId = `E12345678${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${alphanumeric(11)}`;
        return { endToEndId, txid, valor: cob?.valor.original ?? '1.00', horario: new Date().toISOString() };
      });
      const body = { pix };
      const validate = schemaAt(
        'components',
        'requestBodies',
        'WebhookPixBody',
        'content',
        'application/json',
        'schema',
      );
      if (!validate(body)) {
        throw new Error(`the mock's callback breaks the OpenAPI: ${JSON.stringify(validate.errors)}`);
      }
      return { url: `${webhookUrl}/pix`, body };
    },
    /** The payer's bank settles the charge: CONCLUIDA, with one PIX of this amount (the one asked by default). */
    pay(txid: string, valor?: string) {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`no charge ${txid}`);
      const endToEndId = `E${randomBytes(16).toString('hex').slice(0, 31)}`;
      cob.status = 'CONCLUIDA';
      cob.pix = [{ endToEndId, txid, valor: valor ?? cob.valor.original, horario: new Date().toISOString() }];
      return endToEndId;
    },
    remove(txid: string) {
      const cob = cobs.get(txid);
      if (cob) cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    },
    /** A PIX received for a charge, by its end-to-end id, with the refunds made of it (`devolucoes`). */
    receivedPix,
    /** The next new refund is not made: `NAO_REALIZADO`, with this `motivo`. */
    failNextRefund(motivo = 'Conta do usuário pagador encerrada') {
      nextRefundFailure = motivo;
    },
    /** The next read-back of a refund (`GET …/devolucao/{id}`) answers this instead of the truth. */
    forgeNextRefundReading(forgery: RefundForgery) {
      nextRefundForgery = forgery;
    },
    /** The SPI settles a refund still `EM_PROCESSAMENTO` (or fails it, with `NAO_REALIZADO`). */
    settleRefund(endToEndId: string, id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO' = 'DEVOLVIDO') {
      const devolucao = receivedPix(endToEndId)?.devolucoes?.find((d) => d.id === id);
      if (!devolucao) throw new Error(`no refund ${id} of ${endToEndId}`);
      devolucao.status = status;
      if (status === 'DEVOLVIDO') devolucao.horario.liquidacao = new Date().toISOString();
    },
    /** Every token issued so far stops working (the next call gets a 401). */
    revokeTokens: () => tokens.clear(),
    resetCalls() {
      for (const name of Object.keys(calls) as (keyof typeof calls)[]) calls[name] = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ApiPixMock = Awaited<ReturnType<typeof startApiPixMock>>;

/** The app's real API Pix client pointed at this stand-in (plain HTTP, the manual's example key). */
export function apiPixProviderFor(psp: ApiPixMock) {
  return createApiPixProvider({
    baseUrl: psp.url,
    oauthUrl: psp.oauthUrl,
    clientId: psp.clientId,
    clientSecret: psp.clientSecret,
    key: '123e4567-e12b-12d1-a456-426655440000',
    expirationSeconds: 3600,
  });
}
