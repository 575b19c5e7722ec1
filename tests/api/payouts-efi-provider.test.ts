import { payoutEfiMessages as m } from '@shared/payout-efi-messages';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createEfiProvider, type EfiProvider } from '../../src/server/modules/payouts/efi-provider';
import { type PayoutOrder, PayoutUnavailable } from '../../src/server/modules/payouts/provider';
import { type EfiSendMock, efiEnvFor, efiProviderFor, startEfiSendMock } from '../helpers/efi-send-mock';

// Efí's client (src/server/modules/payouts/efi-provider.ts) against the stand-in over mTLS: every request it makes
// is checked against Efí's documented shapes by the stand-in, which records any violation.
let psp: EfiSendMock;
let efi: EfiProvider;
let next = 1;
const CPF = '52998224725';

const orderOf = (extra: Partial<PayoutOrder> = {}): PayoutOrder => {
  const tradeId = next++;
  return {
    id: `MGPAYOUT${String(tradeId).padStart(8, '0')}`,
    tradeId,
    amountCents: 12_34,
    key: { type: 'email', value: `vendedor${tradeId}@exemplo.com` },
    holder: { name: 'Vendedor de Teste', document: { kind: 'cpf', number: '529.982.247-25' } },
    ...extra,
  };
};
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

beforeAll(async () => {
  psp = await startEfiSendMock();
  efi = efiProviderFor(psp);
});
afterAll(async () => {
  await efi?.close();
  await psp?.close();
});
afterEach(() => {
  expect(psp.violations).toEqual([]);
  psp.state.mode = 'success';
  psp.state.webhookMode = 'once';
  psp.state.scopes = ['pix.send', 'gn.pix.send.read'];
});

describe('Efí send', () => {
  it('sends as documented, then reads the result back by idEnvio', async () => {
    psp.state.mode = 'delayed';
    const order = orderOf();
    expect(await efi.send(order)).toEqual({ status: 'processing' });
    const made = psp.send(order.id);
    expect(made?.valor).toBe('12.34');
    expect(made?.favorecido).toEqual({ chave: order.key.value, cpf: CPF });
    expect(made?.chave).toBe(psp.payerKey);
    expect(await efi.read(order.id)).toEqual({ status: 'processing' });

    await psp.settle(order.id);
    const reading = await efi.read(order.id);
    expect(reading).toMatchObject({ status: 'paid', endToEndId: made?.endToEndId, amountCents: 12_34 });
  });

  it('sends a CNPJ holder as favorecido.cnpj', async () => {
    const order = orderOf({
      holder: { name: 'Loja', document: { kind: 'cnpj', number: '12.ABC.345/01DE-35' } },
    });
    await efi.send(order);
    expect(psp.send(order.id)?.favorecido).toEqual({ chave: order.key.value, cnpj: '12ABC34501DE35' });
  });

  it('reads NAO_REALIZADO as refused, with the SPI reason in pt-BR', async () => {
    psp.state.mode = 'refused';
    const order = orderOf();
    await efi.send(order);
    await until(() => psp.send(order.id)?.status === 'NAO_REALIZADO');
    // Efí's read-back does not document the SPI's reason (the webhook's gnExtras.erro does): the generic one.
    expect(await efi.read(order.id)).toEqual({ status: 'refused', reason: m.notMade });
  });

  it('a key not of that document is refused at once, nothing sent', async () => {
    const order = orderOf();
    psp.registerKey(order.key.value, '11144477735');
    expect(await efi.send(order)).toEqual({ status: 'refused', reason: m.keyNotOfDocument });
    expect(psp.send(order.id)).toBeUndefined();
    expect(await efi.read(order.id)).toBeNull();
  });

  it('a 5xx is unavailable, and the same id sent again later is made once', async () => {
    psp.state.mode = 'down';
    const order = orderOf();
    await expect(efi.send(order)).rejects.toBeInstanceOf(PayoutUnavailable);
    expect(psp.send(order.id)).toBeUndefined();
    psp.state.mode = 'delayed';
    expect(await efi.send(order)).toEqual({ status: 'processing' });
    expect(psp.sends().filter((s) => s.idEnvio === order.id)).toHaveLength(1);
  });

  it('a timeout after Efí accepted is unavailable; sent again, the 409 is read back, never sent twice', async () => {
    psp.state.mode = 'timeoutAfterAccept';
    psp.state.settleDelayMs = 5;
    const order = orderOf();
    await expect(efi.send(order)).rejects.toBeInstanceOf(PayoutUnavailable);
    await until(() => psp.send(order.id)?.status === 'REALIZADO');
    psp.state.mode = 'success';
    const reading = await efi.send(order);
    expect(reading).toMatchObject({ status: 'paid', amountCents: 12_34 });
    expect(psp.sends().filter((s) => s.idEnvio === order.id)).toHaveLength(1);
    psp.state.settleDelayMs = 20;
  });

  it('the same id with another amount is never taken for this send', async () => {
    psp.state.mode = 'delayed';
    const order = orderOf();
    await efi.send(order);
    await expect(efi.send({ ...order, amountCents: 99_00 })).rejects.toBeInstanceOf(PayoutUnavailable);
  });

  it('a token without pix.send cannot send: unavailable, not refused', async () => {
    psp.revokeTokens();
    psp.state.scopes = ['gn.pix.send.read'];
    const fresh = efiProviderFor(psp);
    await expect(fresh.send(orderOf())).rejects.toBeInstanceOf(PayoutUnavailable);
    await fresh.close();
  });

  it('a revoked token is renewed once; the token is cached between calls', async () => {
    psp.state.mode = 'delayed';
    psp.resetCalls();
    await efi.send(orderOf());
    await efi.send(orderOf());
    expect(psp.calls.token).toBeLessThanOrEqual(1);
    psp.revokeTokens();
    await efi.send(orderOf());
    expect(psp.calls.token).toBeLessThanOrEqual(2);
  });

  it('refuses to send an idEnvio Efí would not take, and reads none', async () => {
    await expect(efi.send(orderOf({ id: 'com-hifen' }))).rejects.toThrow();
    expect(await efi.read('com-hifen')).toBeNull();
  });

  it('lists the sends of a range, paid ones with their E2E id', async () => {
    const from = new Date(Date.now() - 60_000);
    psp.state.mode = 'delayed';
    const order = orderOf();
    await efi.send(order);
    await psp.settle(order.id);
    const listed = await efi.listSent({ from, to: new Date(Date.now() + 60_000) });
    const mine = listed.find((s) => s.id === order.id);
    expect(mine).toMatchObject({ amountCents: 12_34, key: order.key.value, status: 'paid' });
    expect(mine?.endToEndId).toBe(psp.send(order.id)?.endToEndId);
    expect(await efi.listSent({ from: new Date(0), to: new Date(1000) })).toEqual([]);
  });

  it('without the client certificate Efí is not reached at all', async () => {
    const withoutCert = createEfiProvider(
      {
        baseUrl: psp.url,
        oauthUrl: psp.oauthUrl,
        clientId: psp.clientId,
        clientSecret: psp.clientSecret,
        certPath: psp.files.ca,
        keyPath: psp.files.serverKey,
        caPath: psp.files.ca,
        payerKey: psp.payerKey,
      },
      { timeoutMs: 500 },
    );
    psp.resetCalls();
    await expect(withoutCert.read('QUALQUER1')).rejects.toBeInstanceOf(PayoutUnavailable);
    expect(psp.calls.token).toBe(0);
    await withoutCert.close();
  });
});

describe('Efí configuration', () => {
  it('manual by default; efi names each missing variable; an unreadable certificate is named', () => {
    expect(loadConfig({}).payout.efi).toBeNull();
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'efi' })).toThrow(
      /PAYOUT_PROVIDER=efi exige EFI_CLIENT_ID, EFI_CLIENT_SECRET, EFI_CERT_PATH, EFI_PAYER_KEY, EFI_WEBHOOK_SECRET/,
    );
    const env = efiEnvFor(psp, 'segredo-do-webhook-efi');
    const { EFI_WEBHOOK_SECRET: _secret, ...withoutSecret } = env;
    expect(() => loadConfig(withoutSecret)).toThrow(/exige EFI_WEBHOOK_SECRET$/);
    const config = loadConfig(env).payout.efi;
    if (!config) throw new Error('efi not configured');
    expect(config.webhookSecret).toBe('segredo-do-webhook-efi');
    expect(() => createEfiProvider({ ...config, certPath: '/nada/cert.pem' })).toThrow(/EFI_CERT_PATH/);
    expect(() => createEfiProvider({ ...config, keyPath: '/nada/key.pem' })).toThrow(/EFI_KEY_PATH/);
  });
});
