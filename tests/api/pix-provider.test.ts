import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils/get-pix-payload-info';
import { tradeTxid } from '@shared/pix-charge';
import { pixChargeMessages as m } from '@shared/pix-charge-messages';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../src/server/error-handler';
import { AppError } from '../../src/server/errors';
import { createPixCharge, refundIdFor } from '../../src/server/modules/pix';
import { type ApiPixConfig, createApiPixProvider } from '../../src/server/modules/pix/api-pix-provider';
import { createManualPixProvider } from '../../src/server/modules/pix/manual-provider';
import { pixRoutes } from '../../src/server/modules/pix/routes';
import { confirmFromProvider } from '../../src/server/modules/pix/webhook';
import { type ApiPixMock, type RefundForgery, startApiPixMock } from '../helpers/api-pix-mock';
import { errorOf } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// A local API Pix (plain HTTP) stands in for the PSP: no request leaves the machine. The mTLS handshake
// is tested apart, against an HTTPS variant with certificates made by openssl at test time.
const PLATFORM_KEY = '123e4567-e12b-12d1-a456-426655440000';
const WEBHOOK_SECRET = 'segredo-do-webhook-de-teste';
let psp: ApiPixMock;
let nextTradeId = 1000;
const newTradeId = () => nextTradeId++;

const configOf = (mock: ApiPixMock, extra: Partial<ApiPixConfig> = {}): ApiPixConfig => ({
  baseUrl: mock.url,
  oauthUrl: mock.oauthUrl,
  clientId: mock.clientId,
  clientSecret: mock.clientSecret,
  key: PLATFORM_KEY,
  expirationSeconds: 1800,
  ...extra,
});

beforeAll(async () => {
  psp = await startApiPixMock();
});
afterAll(() => psp?.close());

/** A PUT straight to the PSP stand-in, with a token of its own: what it accepts, whoever asks. */
async function putToPsp(path: string, body: unknown) {
  const basic = Buffer.from(`${psp.clientId}:${psp.clientSecret}`).toString('base64');
  const token = await fetch(psp.oauthUrl, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  }).then((res) => res.json() as Promise<{ access_token: string }>);
  return fetch(`${psp.url}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The AppError a promise rejects with (failing the test if it resolves or throws something else). */
async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('API Pix provider', () => {
  it('creates a trade’s charge and returns the PSP’s copia e cola', async () => {
    const provider = createApiPixProvider(configOf(psp));
    const tradeId = newTradeId();
    const charge = await provider.createCharge({ tradeId, amountCents: 1234, description: 'Negociação #1' });
    expect(charge.txid).toBe(tradeTxid(tradeId));
    expect(charge.copiaECola).toBe(psp.cob(charge.txid)?.pixCopiaECola);
    expect(getPixPayloadInfo(charge.copiaECola)).toMatchObject({ pointOfInitiation: 'dynamic' });
    expect(psp.bodies.put.at(-1)).toEqual({
      calendario: { expiracao: 1800 },
      valor: { original: '12.34' },
      chave: PLATFORM_KEY,
      solicitacaoPagador: 'Negociação #1',
    });
    await provider.close();
  });

  it('draws the charge for the buyer', async () => {
    const provider = createApiPixProvider(configOf(psp));
    const charge = await createPixCharge(provider, {
      tradeId: newTradeId(),
      amountCents: 500,
      description: 'x',
    });
    expect(charge).toMatchObject({ amountCents: 500, txid: expect.stringMatching(/^MGTRADE\d{20}$/) });
    expect(charge.qrSvg).toContain('<path');
    await provider.close();
  });

  it('asks for a token once and keeps it until it expires; a revoked token is replaced once', async () => {
    const provider = createApiPixProvider(configOf(psp));
    psp.resetCalls();
    const tradeId = newTradeId();
    const created = await Promise.all([
      provider.createCharge({ tradeId, amountCents: 100, description: 'a' }),
      provider.readCharge(tradeTxid(tradeId - 1)),
      provider.readCharge(tradeTxid(tradeId - 2)),
    ]);
    await provider.readCharge(created[0].txid);
    expect(psp.calls.token).toBe(1);

    psp.revokeTokens();
    expect((await provider.readCharge(created[0].txid))?.status).toBe('pending');
    expect(psp.calls.token).toBe(2);
    await provider.close();

    // A token that lives no longer than the safety margin is asked for again on each call.
    psp.state.tokenLifetimeSeconds = 30;
    const shortLived = createApiPixProvider(configOf(psp));
    psp.resetCalls();
    await shortLived.readCharge(created[0].txid);
    await shortLived.readCharge(created[0].txid);
    expect(psp.calls.token).toBe(2);
    psp.state.tokenLifetimeSeconds = 3600;
    await shortLived.close();
  });

  it('reads a charge back: pending, paid (with its end-to-end id and the sum received), removed, unknown', async () => {
    const provider = createApiPixProvider(configOf(psp));
    const { txid } = await provider.createCharge({
      tradeId: newTradeId(),
      amountCents: 4990,
      description: 'x',
    });
    expect(await provider.readCharge(txid)).toEqual({
      status: 'pending',
      amountCents: 4990,
      endToEndId: null,
    });

    const endToEndId = psp.pay(txid);
    expect(await provider.readCharge(txid)).toEqual({ status: 'paid', amountCents: 4990, endToEndId });

    const removed = await provider.createCharge({
      tradeId: newTradeId(),
      amountCents: 100,
      description: 'x',
    });
    psp.remove(removed.txid);
    expect((await provider.readCharge(removed.txid))?.status).toBe('other');

    expect(await provider.readCharge(tradeTxid(999_999))).toEqual({
      status: 'other',
      amountCents: 0,
      endToEndId: null,
    });
    // A txid that cannot be a charge (from a forged webhook) is never sent to the PSP.
    psp.resetCalls();
    expect((await provider.readCharge('abc'))?.status).toBe('other');
    expect(psp.calls.get).toBe(0);
    await provider.close();
  });

  it('creating a charge again is idempotent, even once it is paid, but never for another amount', async () => {
    const provider = createApiPixProvider(configOf(psp));
    const tradeId = newTradeId();
    const first = await provider.createCharge({ tradeId, amountCents: 2000, description: 'x' });
    expect(await provider.createCharge({ tradeId, amountCents: 2000, description: 'x' })).toEqual(first);
    psp.pay(first.txid);
    expect(await provider.createCharge({ tradeId, amountCents: 2000, description: 'x' })).toEqual(first);
    const error = await appErrorOf(provider.createCharge({ tradeId, amountCents: 2100, description: 'x' }));
    expect(error.message).toBe(m.providerUnavailable);
    await provider.close();
  });

  it('sends charges the OpenAPI accepts (a long description cut to 140), which the stand-in checks', async () => {
    const provider = createApiPixProvider(configOf(psp));
    const charge = await provider.createCharge({
      tradeId: newTradeId(),
      amountCents: 100,
      description: 'é'.repeat(300),
    });
    expect(psp.cob(charge.txid)?.solicitacaoPagador).toHaveLength(140);
    await provider.close();

    const good = { calendario: { expiracao: 1800 }, valor: { original: '1.00' }, chave: PLATFORM_KEY };
    for (const [txid, body] of [
      [tradeTxid(newTradeId()), { ...good, valor: { original: '1.001' } }],
      [tradeTxid(newTradeId()), { ...good, solicitacaoPagador: 'x'.repeat(141) }],
      [tradeTxid(newTradeId()), { calendario: { expiracao: 1800 }, chave: PLATFORM_KEY }],
      ['MGTRADE42', good],
    ] as const) {
      const res = await putToPsp(`/cob/${txid}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ title: 'Cobrança inválida.', violacoes: expect.any(Array) });
      expect(psp.cob(txid)).toBeUndefined();
    }
  });

  it('refuses an amount that is not whole positive cents before calling the PSP', async () => {
    const provider = createApiPixProvider(configOf(psp));
    psp.resetCalls();
    const error = await appErrorOf(
      provider.createCharge({ tradeId: newTradeId(), amountCents: 0, description: '' }),
    );
    expect(error).toMatchObject({ code: 'VALIDATION', message: m.invalidAmount });
    expect(psp.calls.put).toBe(0);
    await provider.close();
  });

  it('confirms a payment only when the PSP says paid and the amount is exact', async () => {
    const provider = createApiPixProvider(configOf(psp));
    const pending = await provider.createCharge({
      tradeId: newTradeId(),
      amountCents: 1234,
      description: 'x',
    });
    expect(await confirmFromProvider(provider, pending.txid, { amountCents: 1234 })).toBeNull();

    const short = await provider.createCharge({ tradeId: newTradeId(), amountCents: 1234, description: 'x' });
    psp.pay(short.txid, '12.33');
    expect(await confirmFromProvider(provider, short.txid, { amountCents: 1234 })).toBeNull();

    const paid = await provider.createCharge({ tradeId: newTradeId(), amountCents: 1234, description: 'x' });
    const endToEndId = psp.pay(paid.txid);
    expect(await confirmFromProvider(provider, paid.txid, { amountCents: 1234 })).toEqual({ endToEndId });
    expect(await confirmFromProvider(provider, paid.txid, { amountCents: 1000 })).toBeNull();

    const manual = createManualPixProvider({ key: PLATFORM_KEY, merchantName: 'MG', merchantCity: 'SP' });
    expect(await confirmFromProvider(manual, paid.txid, { amountCents: 1234 })).toBeNull();
    await provider.close();
  });

  it('turns a PSP that is down, slow, refusing or unreachable into a pt-BR AppError', async () => {
    const tradeId = newTradeId();
    const charge = { tradeId, amountCents: 100, description: 'x' };

    psp.state.down = true;
    const down = createApiPixProvider(configOf(psp));
    expect(await appErrorOf(down.createCharge(charge))).toMatchObject({
      code: 'PIX_UNAVAILABLE',
      status: 502,
      message: m.providerUnavailable,
    });
    expect((await appErrorOf(down.readCharge(tradeTxid(tradeId)))).message).toBe(m.readUnavailable);
    psp.state.down = false;
    await down.close();

    // A PSP slower than the caller's timeout: the caller gives up before the PSP has made the charge (one event
    // loop runs both, so the shorter timer fires first however busy the machine is).
    psp.state.delayMs = 2000;
    const putsBefore = psp.calls.put;
    const slow = createApiPixProvider(configOf(psp), { timeoutMs: 1000 });
    expect((await appErrorOf(slow.createCharge(charge))).message).toBe(m.providerUnavailable);
    expect(psp.calls.put).toBe(putsBefore);
    psp.state.delayMs = 0;
    await slow.close();

    const wrongSecret = createApiPixProvider(configOf(psp, { clientSecret: 'errado' }));
    expect((await appErrorOf(wrongSecret.createCharge(charge))).code).toBe('PIX_UNAVAILABLE');
    await wrongSecret.close();

    const closed = await startApiPixMock();
    const unreachableConfig = configOf(closed);
    await closed.close();
    const unreachable = createApiPixProvider(unreachableConfig);
    expect((await appErrorOf(unreachable.createCharge(charge))).code).toBe('PIX_UNAVAILABLE');
    await unreachable.close();
  });

  it('answers a route that creates a charge with 502 and the pt-BR message, no stack', async () => {
    const closed = await startApiPixMock();
    const config = configOf(closed);
    await closed.close();
    const provider = createApiPixProvider(config);
    const app = Fastify({ logger: false });
    registerErrorHandling(app, null);
    app.post('/charge', async () =>
      provider.createCharge({ tradeId: 1, amountCents: 100, description: 'x' }),
    );
    const res = await app.inject({ method: 'POST', url: '/charge' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: { code: 'PIX_UNAVAILABLE', message: m.providerUnavailable } });
    await app.close();
    await provider.close();
  });
});

describe('API Pix refund (devolução)', () => {
  let provider: ReturnType<typeof createApiPixProvider>;
  beforeAll(() => {
    provider = createApiPixProvider(configOf(psp));
  });
  afterAll(() => provider?.close());

  /** A trade whose charge the buyer paid: its id and the end-to-end id of the PIX received. */
  async function paidTrade(amountCents = 1234) {
    const tradeId = newTradeId();
    const { txid } = await provider.createCharge({ tradeId, amountCents, description: 'x' });
    return { tradeId, endToEndId: psp.pay(txid) };
  }
  const refundOf = (trade: { tradeId: number; endToEndId: string }, amountCents = 1234) => ({
    paymentEndToEndId: trade.endToEndId,
    refundId: refundIdFor(trade.tradeId),
    amountCents,
  });
  const refundsAtPsp = (endToEndId: string) => psp.receivedPix(endToEndId)?.devolucoes ?? [];

  it('gives each trade one refund id, in the shape API Pix requires', () => {
    expect(refundIdFor(42)).toBe('MGREFUND00000000000000000042');
    expect(refundIdFor(42)).toBe(refundIdFor(42));
    expect(refundIdFor(Number.MAX_SAFE_INTEGER)).toMatch(/^[a-zA-Z0-9]{1,35}$/);
    expect(refundIdFor(1)).not.toBe(refundIdFor(10));
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => refundIdFor(bad)).toThrow(RangeError);
  });

  it('sends the refund and answers what the PSP reads back: the return id, done, the amount', async () => {
    const trade = await paidTrade();
    psp.resetCalls();
    const refunded = await provider.refund(refundOf(trade));
    const [devolucao, ...others] = refundsAtPsp(trade.endToEndId);
    expect(others).toEqual([]);
    expect(devolucao).toMatchObject({ id: refundIdFor(trade.tradeId), valor: '12.34', status: 'DEVOLVIDO' });
    expect(refunded).toEqual({ returnId: devolucao?.rtrId, status: 'done', amountCents: 1234 });
    expect(refunded?.returnId).toMatch(/^D[A-Za-z0-9]{31}$/);
    expect(psp.bodies.refundPut.at(-1)).toEqual({ valor: '12.34' });
    expect(psp.calls).toMatchObject({ refundPut: 1, refundGet: 1 });
  });

  it('answers processing while the SPI settles it, and done when asked again once it has', async () => {
    const trade = await paidTrade(500);
    psp.state.refundStatus = 'EM_PROCESSAMENTO';
    try {
      const first = await provider.refund(refundOf(trade, 500));
      expect(first).toMatchObject({ status: 'processing', amountCents: 500 });
      psp.settleRefund(trade.endToEndId, refundIdFor(trade.tradeId));
      expect(await provider.refund(refundOf(trade, 500))).toEqual({ ...first, status: 'done' });
      expect(refundsAtPsp(trade.endToEndId)).toHaveLength(1);
    } finally {
      psp.state.refundStatus = 'DEVOLVIDO';
    }
  });

  it('refuses a refund the SPI failed while it was processing, read back at once or on a retry', async () => {
    psp.state.refundStatus = 'EM_PROCESSAMENTO';
    try {
      // Failed between the PUT (EM_PROCESSAMENTO) and its read-back.
      const failedAtOnce = await paidTrade();
      psp.forgeNextRefundReading({ status: 'NAO_REALIZADO' });
      const error = await appErrorOf(provider.refund(refundOf(failedAtOnce)));
      expect(error).toMatchObject({ code: 'CONFLICT', message: m.refundRefused });

      // Failed after the caller recorded it as processing.
      const failedLater = await paidTrade();
      expect(await provider.refund(refundOf(failedLater))).toMatchObject({ status: 'processing' });
      psp.settleRefund(failedLater.endToEndId, refundIdFor(failedLater.tradeId), 'NAO_REALIZADO');
      expect((await appErrorOf(provider.refund(refundOf(failedLater)))).message).toBe(m.refundRefused);
    } finally {
      psp.state.refundStatus = 'DEVOLVIDO';
    }
  });

  it('a retry with the same id reaches the same refund: same return id, one refund at the PSP', async () => {
    for (const repeated of ['answer', 'problem'] as const) {
      // Whether the PSP answers a repeated PUT with the refund again or with a 400, as the OpenAPI allows.
      psp.state.repeatedRefundPut = repeated;
      const trade = await paidTrade();
      const first = await provider.refund(refundOf(trade));
      psp.resetCalls();
      expect(await provider.refund(refundOf(trade)), repeated).toEqual(first);
      expect(await provider.refund(refundOf(trade)), repeated).toEqual(first);
      expect(psp.calls.refundPut).toBe(2);
      expect(refundsAtPsp(trade.endToEndId)).toHaveLength(1);
    }
    psp.state.repeatedRefundPut = 'answer';
  });

  it('refuses a refund the PSP did not make (NAO_REALIZADO) with 409, also when retried', async () => {
    const trade = await paidTrade();
    psp.failNextRefund('Conta do usuário pagador encerrada');
    const error = await appErrorOf(provider.refund(refundOf(trade)));
    expect(error).toMatchObject({ code: 'CONFLICT', status: 409, message: m.refundRefused });
    expect(refundsAtPsp(trade.endToEndId)).toMatchObject([{ status: 'NAO_REALIZADO' }]);
    // The PSP keeps the failed refund under its id: the same id keeps reading as refused.
    expect((await appErrorOf(provider.refund(refundOf(trade)))).message).toBe(m.refundRefused);
    expect(refundsAtPsp(trade.endToEndId)).toHaveLength(1);
  });

  it('refuses a refund above what is left of the PIX, and one of a PIX the PSP does not know', async () => {
    const trade = await paidTrade();
    await provider.refund({ paymentEndToEndId: trade.endToEndId, refundId: 'parcial1', amountCents: 1000 });
    const tooMuch = await appErrorOf(provider.refund(refundOf(trade, 235)));
    expect(tooMuch).toMatchObject({ code: 'CONFLICT', message: m.refundRefused });
    expect(refundsAtPsp(trade.endToEndId).map((d) => d.valor)).toEqual(['10.00']);
    expect(await provider.refund(refundOf(trade, 234))).toMatchObject({ status: 'done', amountCents: 234 });

    const unknown = await appErrorOf(
      provider.refund(refundOf({ tradeId: newTradeId(), endToEndId: `E${'0'.repeat(31)}` })),
    );
    expect(unknown).toMatchObject({ code: 'CONFLICT', message: m.refundRefused });
  });

  it('refuses a read-back that does not match what was asked, then reaches the real refund on retry', async () => {
    const forgeries: [string, RefundForgery][] = [
      ['another amount', { valor: '0.01' }],
      ['no return id', { rtrId: null }],
      ['a payment’s id as return id', { rtrId: `E${'9'.repeat(31)}` }],
      ['another return id', { rtrId: `D${'9'.repeat(31)}` }],
    ];
    for (const [what, forgery] of forgeries) {
      const trade = await paidTrade();
      psp.forgeNextRefundReading(forgery);
      const error = await appErrorOf(provider.refund(refundOf(trade)));
      expect(error, what).toMatchObject({ code: 'PIX_UNAVAILABLE', status: 502, message: m.refundMismatch });
      const [devolucao] = refundsAtPsp(trade.endToEndId);
      expect(await provider.refund(refundOf(trade)), what).toEqual({
        returnId: devolucao?.rtrId,
        status: 'done',
        amountCents: 1234,
      });
      expect(refundsAtPsp(trade.endToEndId)).toHaveLength(1);
    }
    // A read-back saying "not made" of a refund the PSP had just made is no refusal to rely on either.
    const trade = await paidTrade();
    psp.forgeNextRefundReading({ status: 'NAO_REALIZADO' });
    expect((await appErrorOf(provider.refund(refundOf(trade)))).message).toBe(m.refundMismatch);
  });

  it('when a repeated PUT is refused, the read-back alone decides, and a wrong one is never a refusal', async () => {
    psp.state.repeatedRefundPut = 'problem';
    try {
      // With no answer to compare it with, the read-back is checked against what was asked.
      for (const forgery of [{ valor: '0.01' }, { rtrId: null }, { rtrId: `E${'9'.repeat(31)}` }]) {
        const trade = await paidTrade();
        const first = await provider.refund(refundOf(trade));
        psp.forgeNextRefundReading(forgery);
        const error = await appErrorOf(provider.refund(refundOf(trade)));
        expect(error, JSON.stringify(forgery)).toMatchObject({
          code: 'PIX_UNAVAILABLE',
          message: m.refundMismatch,
        });
        expect(await provider.refund(refundOf(trade))).toEqual(first);
      }
    } finally {
      psp.state.repeatedRefundPut = 'answer';
    }
    // The trade's id already holding a refund of another amount: something moved, so it is not "refused".
    const trade = await paidTrade();
    await provider.refund(refundOf(trade, 1000));
    const error = await appErrorOf(provider.refund(refundOf(trade, 1234)));
    expect(error).toMatchObject({ code: 'PIX_UNAVAILABLE', message: m.refundMismatch });
    expect(refundsAtPsp(trade.endToEndId).map((d) => d.valor)).toEqual(['10.00']);
  });

  it('turns a PSP that is down or slow into a pt-BR AppError, and a retry then refunds once', async () => {
    const trade = await paidTrade();
    psp.state.down = true;
    try {
      const error = await appErrorOf(provider.refund(refundOf(trade)));
      expect(error).toMatchObject({ code: 'PIX_UNAVAILABLE', status: 502, message: m.refundUnavailable });
    } finally {
      psp.state.down = false;
    }
    expect(refundsAtPsp(trade.endToEndId)).toEqual([]);

    // The PSP makes the refund but its answer comes too late: the caller hears nothing was confirmed…
    const slow = createApiPixProvider(configOf(psp), { timeoutMs: 1000 });
    // Its token, asked for while the PSP is quick (on a very busy machine even a quick answer can miss 1 s: ask again).
    for (let got = false; !got; )
      got = await slow.readCharge(tradeTxid(trade.tradeId)).then(
        () => true,
        () => false,
      );
    psp.state.delayMs = 2000;
    try {
      expect((await appErrorOf(slow.refund(refundOf(trade)))).message).toBe(m.refundUnavailable);
      // The PSP makes it once its delay is over, the caller gone: waited for there, not for a time.
      while (refundsAtPsp(trade.endToEndId).length === 0)
        await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      psp.state.delayMs = 0;
      await slow.close();
    }
    const [made, ...others] = refundsAtPsp(trade.endToEndId);
    expect(others).toEqual([]);
    // …and its retry, under the same id, finds that refund instead of paying it twice.
    expect(await provider.refund(refundOf(trade))).toEqual({
      returnId: made?.rtrId,
      status: 'done',
      amountCents: 1234,
    });
    expect(refundsAtPsp(trade.endToEndId)).toHaveLength(1);
  });

  it('sends nothing for an amount, end-to-end id or refund id API Pix would refuse', async () => {
    const trade = await paidTrade();
    psp.resetCalls();
    for (const input of [
      refundOf(trade, 0),
      refundOf(trade, 12.5),
      { ...refundOf(trade), paymentEndToEndId: '../../cob/x' },
      { ...refundOf(trade), refundId: 'com-hifen' },
      { ...refundOf(trade), refundId: 'x'.repeat(36) },
    ]) {
      const error = await appErrorOf(provider.refund(input));
      expect(error, JSON.stringify(input)).toMatchObject({ code: 'VALIDATION', message: m.refundInvalid });
    }
    expect(psp.calls.refundPut + psp.calls.token).toBe(0);
  });

  it('the PSP stand-in refuses a request the OpenAPI refuses', async () => {
    const trade = await paidTrade();
    const put = (id: string, body: unknown) => putToPsp(`/pix/${trade.endToEndId}/devolucao/${id}`, body);
    for (const [id, body] of [
      ['ok1', { valor: '1.234' }],
      ['ok2', { valor: 1.23 }],
      ['ok3', {}],
      ['ok4', { valor: '1.00', natureza: 'MED_FRAUDE' }],
      ['ok5', { valor: '1.00', descricao: 'x'.repeat(141) }],
      ['x'.repeat(36), { valor: '1.00' }],
    ] as const) {
      const res = await put(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ title: 'Devolução inválida.', violacoes: expect.any(Array) });
    }
    expect(refundsAtPsp(trade.endToEndId)).toEqual([]);
    const made = await put('ok6', { valor: '1.00', natureza: 'ORIGINAL', descricao: 'Devolução' });
    expect(made.status).toBe(201);
    // The same id again: the same refund; with another amount, a refusal.
    const again = await put('ok6', { valor: '1.00', natureza: 'ORIGINAL', descricao: 'Devolução' });
    expect(again.status).toBe(201);
    expect((await again.json()).rtrId).toBe((await made.json()).rtrId);
    expect((await put('ok6', { valor: '2.00', natureza: 'ORIGINAL' })).status).toBe(400);
    expect(refundsAtPsp(trade.endToEndId)).toHaveLength(1);
  });

  it('answers a route that refunds with the pt-BR message and 409 when the PSP refuses', async () => {
    const trade = await paidTrade();
    psp.failNextRefund();
    const app = Fastify({ logger: false });
    registerErrorHandling(app, null);
    app.post('/refund', async () => provider.refund(refundOf(trade)));
    const res = await app.inject({ method: 'POST', url: '/refund' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: m.refundRefused } });
    await app.close();
  });

  it('the manual provider refunds nothing: staff do it by hand', async () => {
    const manual = createManualPixProvider({ key: PLATFORM_KEY, merchantName: 'MG', merchantCity: 'SP' });
    psp.resetCalls();
    const trade = { tradeId: newTradeId(), endToEndId: `E${'1'.repeat(31)}` };
    expect(await manual.refund(refundOf(trade))).toBeNull();
    expect(psp.calls.refundPut).toBe(0);
  });
});

describe('PIX webhook', () => {
  let t: TestApp;
  let provider: ReturnType<typeof createApiPixProvider>;
  const notified: string[] = [];
  const confirmations = new Map<string, Promise<{ endToEndId: string } | null>>();

  beforeAll(async () => {
    provider = createApiPixProvider(configOf(psp));
    t = await createTestApp(
      {
        PIX_PROVIDER: 'api-pix',
        PIX_API_URL: psp.url,
        PIX_OAUTH_URL: psp.oauthUrl,
        PIX_CLIENT_ID: psp.clientId,
        PIX_CLIENT_SECRET: psp.clientSecret,
        PIX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      {
        pix: {
          provider,
          // What the trades service will do: read the charge back, expecting its trade's amount.
          onChargePaid: async (txid) => {
            notified.push(txid);
            const confirmation = confirmFromProvider(provider, txid, { amountCents: 1234 });
            confirmations.set(txid, confirmation);
            await confirmation;
          },
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  // A PSP sends no Origin and no cookie.
  const notify = (payload: unknown, url = `/api/pix/webhook?hmac=${WEBHOOK_SECRET}`) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });
  const pixOf = (txid: string | undefined, valor = '12.34') => ({
    endToEndId: 'E12345678202611231200abcdefghijk',
    ...(txid && { txid }),
    valor,
    horario: '2026-11-23T12:00:00.000Z',
  });

  it('calls onChargePaid once for each txid named, and answers 200 at once', async () => {
    notified.length = 0;
    const [a, b] = [tradeTxid(newTradeId()), tradeTxid(newTradeId())];
    const res = await notify({ pix: [pixOf(a), pixOf(b), pixOf(a), pixOf(undefined)], extra: { x: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: 2 });
    expect(notified).toEqual([a, b]);
  });

  it('answers where API Pix posts, the registered URL followed by /pix', async () => {
    notified.length = 0;
    const txid = tradeTxid(newTradeId());
    const res = await notify({ pix: [pixOf(txid)] }, `/api/pix/webhook?hmac=${WEBHOOK_SECRET}/pix`);
    expect(res.statusCode).toBe(200);
    expect(notified).toEqual([txid]);
  });

  it('refuses a malformed body with 400 in pt-BR, calling nothing', async () => {
    notified.length = 0;
    for (const payload of [
      {},
      { pix: [] },
      { pix: 'sim' },
      { pix: [{ txid: tradeTxid(1), valor: '12.34' }] },
      { pix: [pixOf('../oauth/token')] },
      { pix: [{ ...pixOf(tradeTxid(1)), valor: 12.34 }] },
    ]) {
      const res = await notify(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message).toBe(m.invalidWebhook);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/pix/webhook?hmac=${WEBHOOK_SECRET}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"pix": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(errorOf(notJson).message).toBe('Requisição inválida.');
    expect(notified).toEqual([]);
  });

  it('refuses a notification without the shared secret', async () => {
    notified.length = 0;
    const txid = tradeTxid(newTradeId());
    for (const url of [
      '/api/pix/webhook',
      '/api/pix/webhook?hmac=errado',
      '/api/pix/webhook?hmac=errado/pix',
    ]) {
      const res = await notify({ pix: [pixOf(txid)] }, url);
      expect(res.statusCode, url).toBe(401);
      expect(errorOf(res).message).toBe(m.webhookUnauthorized);
    }
    expect(notified).toEqual([]);
  });

  it('a forged notification for an unpaid charge confirms nothing; the real payment does', async () => {
    const { txid } = await provider.createCharge({
      tradeId: newTradeId(),
      amountCents: 1234,
      description: 'x',
    });
    expect((await notify({ pix: [pixOf(txid, '12.34')] })).statusCode).toBe(200);
    expect(await confirmations.get(txid)).toBeNull();
    expect(psp.cob(txid)?.status).toBe('ATIVA');

    const endToEndId = psp.pay(txid);
    expect((await notify({ pix: [pixOf(txid, '0.01')] })).statusCode).toBe(200);
    expect(await confirmations.get(txid)).toEqual({ endToEndId });
  });

  it('is refused from a foreign page like any other POST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/pix/webhook?hmac=${WEBHOOK_SECRET}`,
      headers: { origin: 'https://evil.example' },
      payload: { pix: [pixOf(tradeTxid(1))] },
    });
    expect(res.statusCode).toBe(403);
    expect(TEST_ORIGIN).not.toBe('https://evil.example');
  });

  it('ignores notifications under the manual provider, and needs no secret when none is set', async () => {
    const calls: string[] = [];
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app, null);
    await app.register(pixRoutes, {
      prefix: '/api/pix',
      provider: createManualPixProvider({ key: PLATFORM_KEY, merchantName: 'MG', merchantCity: 'SP' }),
      onChargePaid: async (txid) => {
        calls.push(txid);
      },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/pix/webhook',
      payload: { pix: [pixOf(tradeTxid(5))] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 0 });
    expect(calls).toEqual([]);
    await app.close();
  });
});

describe('API Pix over mTLS', () => {
  let dir: string;
  let tlsPsp: ApiPixMock;
  const file = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    // A CA, the PSP's server certificate for 127.0.0.1 and our client certificate, all made here.
    dir = mkdtempSync(path.join(tmpdir(), 'mg-mtls-'));
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '1',
      '-subj',
      '/CN=PSP CA',
    );
    writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1\n');
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
    tlsPsp = await startApiPixMock({
      tls: {
        key: readFileSync(file('server.key')),
        cert: readFileSync(file('server.pem')),
        ca: readFileSync(file('ca.pem')),
        requestCert: true,
        rejectUnauthorized: true,
      },
    });
  });
  afterAll(async () => {
    await tlsPsp?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('talks to the PSP with the client certificate, and is refused without it', async () => {
    const withCert = createApiPixProvider(
      configOf(tlsPsp, { certPath: file('client.pem'), keyPath: file('client.key'), caPath: file('ca.pem') }),
    );
    const charge = await withCert.createCharge({ tradeId: newTradeId(), amountCents: 100, description: 'x' });
    expect(charge.copiaECola).toBe(tlsPsp.cob(charge.txid)?.pixCopiaECola);
    await withCert.close();

    const withoutCert = createApiPixProvider(configOf(tlsPsp, { caPath: file('ca.pem') }));
    tlsPsp.resetCalls();
    const error = await appErrorOf(withoutCert.readCharge(charge.txid));
    expect(error.message).toBe(m.readUnavailable);
    expect(tlsPsp.calls.token).toBe(0);
    await withoutCert.close();
  });

  it('says which file it cannot read', () => {
    expect(() =>
      createApiPixProvider(configOf(tlsPsp, { certPath: file('nada.pem'), keyPath: file('client.key') })),
    ).toThrow(/PIX_CERT_PATH/);
  });
});
