import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils/generate-pix-payload';

interface Cob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
  pix?: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

export interface ApiPixMockOptions {
  /** TLS options (key, cert, ca, requestCert…) for an HTTPS mock; plain HTTP without them. */
  tls?: ServerOptions;
}

/**
 * A PSP's API Pix on 127.0.0.1, port 0: `POST /oauth/token` (client credentials, basic auth),
 * `PUT /cob/:txid` and `GET /cob/:txid` (bearer token), with controls to pay or remove a charge,
 * to take the PSP down or make it slow, to revoke its tokens, and counts of every call.
 */
export async function startApiPixMock(options: ApiPixMockOptions = {}) {
  const clientId = 'mercado-gamer';
  const clientSecret = randomBytes(12).toString('hex');
  const cobs = new Map<string, Cob>();
  const tokens = new Set<string>();
  const calls = { token: 0, put: 0, get: 0 };
  const bodies: { put: Record<string, unknown>[] } = { put: [] };
  const state = { tokenLifetimeSeconds: 3600, delayMs: 0, down: false };

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
        scope: 'cob.write cob.read',
      });
    }

    const cobPath = /^\/cob\/([A-Za-z0-9]+)$/.exec(url.pathname);
    if (!cobPath?.[1]) return problem(res, 404, 'NaoEncontrado');
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return problem(res, 401, 'AcessoNegado');
    const txid = cobPath[1];

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
      if (!/^[A-Za-z0-9]{26,35}$/.test(txid) || !/^\d+\.\d{2}$/.test(body.valor?.original ?? '')) {
        return problem(res, 400, 'CobOperacaoInvalida');
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
    /** Every token issued so far stops working (the next call gets a 401). */
    revokeTokens: () => tokens.clear(),
    resetCalls() {
      calls.token = 0;
      calls.put = 0;
      calls.get = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ApiPixMock = Awaited<ReturnType<typeof startApiPixMock>>;
