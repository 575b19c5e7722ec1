import { generatePixPayload } from '@brazilian-utils/brazilian-utils/generate-pix-payload';
import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils/get-pix-payload-info';
import { brCodeTxid, tradeIdFromTxid, tradeTxid } from '@shared/pix-charge';
import { pixChargeMessages as m } from '@shared/pix-charge-messages';
import { describe, expect, it } from 'vitest';
import { centsOfValor, readingOfCob, valorOfCents } from '../../src/server/modules/pix/api-pix-provider';
import { buildStaticBrCode, drawQrSvg } from '../../src/server/modules/pix/br-code';
import { createManualPixProvider } from '../../src/server/modules/pix/manual-provider';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), written here apart from the library's. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The fields of a BR Code (ID, two-digit length, value), top level only. */
function fieldsOf(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < payload.length; ) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

const hasValidCrc = (payload: string) => crc16(payload.slice(0, -4)) === payload.slice(-4);

// Banco Central, Manual do BR Code: the static example (CRC 1D3D) and a dynamic one (CRC 45C8).
const STATIC_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const DYNAMIC_EXAMPLE =
  '00020101021226720014br.gov.bcb.pix2550bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd4415204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62190515RP12345678-2019630445C8';

const platform = {
  key: '123e4567-e12b-12d1-a456-426655440000',
  merchantName: 'Mercado Gamer',
  merchantCity: 'SAO PAULO',
};

describe('CRC-16/CCITT-FALSE of the test', () => {
  it('gives the check value and the manual examples’ CRCs', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(hasValidCrc(STATIC_EXAMPLE)).toBe(true);
    expect(hasValidCrc(DYNAMIC_EXAMPLE)).toBe(true);
  });
});

describe('BR Code', () => {
  it('reproduces the manual’s static example', () => {
    expect(generatePixPayload({ ...platform, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(
      STATIC_EXAMPLE,
    );
  });

  it('writes the manual’s dynamic location template; its amount and txid come from the PSP instead', () => {
    // The library refuses an amount or a txid beside a location URL (the PSP's charge holds them), so
    // the manual's dynamic example is matched up to its merchant category and currency, and parsed.
    const url = 'bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd441';
    const ours = generatePixPayload({ url, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' });
    const upToCurrency = DYNAMIC_EXAMPLE.slice(0, DYNAMIC_EXAMPLE.indexOf('5303986') + 7);
    expect(ours?.startsWith(upToCurrency)).toBe(true);
    expect(hasValidCrc(ours ?? '')).toBe(true);
    expect(getPixPayloadInfo(DYNAMIC_EXAMPLE)).toMatchObject({ url, pointOfInitiation: 'dynamic' });
  });

  it('charges a fixed amount to the platform key with the trade’s txid', () => {
    const txid = brCodeTxid(42);
    const payload = buildStaticBrCode({ ...platform, amountCents: 1234, txid, description: 'Negociação 42' });
    const fields = fieldsOf(payload);
    expect(fields.get('54')).toBe('12.34');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('59')).toBe('Mercado Gamer');
    expect(fields.get('60')).toBe('SAO PAULO');
    expect(fields.get('62')).toBe(`05${String(txid.length).padStart(2, '0')}${txid}`);
    expect(fields.get('26')).toContain('br.gov.bcb.pix');
    expect(fields.get('26')).toContain(platform.key);
    expect(fields.get('63')).toBe(crc16(payload.slice(0, -4)));
    expect(getPixPayloadInfo(payload)).toMatchObject({ amount: 12.34, txid, key: platform.key });
  });

  it('writes whole reais and single cents exactly', () => {
    for (const [cents, text] of [
      [100, '1.00'],
      [5, '0.05'],
      [100_000_000, '1000000.00'],
    ] as const) {
      const payload = buildStaticBrCode({ ...platform, amountCents: cents, txid: brCodeTxid(1) });
      expect(fieldsOf(payload).get('54')).toBe(text);
      expect(hasValidCrc(payload)).toBe(true);
    }
  });

  it('refuses an amount that is not whole positive cents', () => {
    for (const amountCents of [0, -100, 12.5, Number.NaN, 100_000_001]) {
      expect(() => buildStaticBrCode({ ...platform, amountCents, txid: brCodeTxid(1) })).toThrow(
        m.invalidAmount,
      );
    }
  });

  it('keeps the name within 25 characters and the city within 15, in ASCII', () => {
    const payload = buildStaticBrCode({
      ...platform,
      merchantName: 'Mercado Gamer Intermediações Ltda',
      merchantCity: 'São José dos Campos',
      amountCents: 100,
      txid: brCodeTxid(1),
    });
    const fields = fieldsOf(payload);
    expect(fields.get('59')?.length).toBeLessThanOrEqual(25);
    expect(fields.get('60')?.length).toBeLessThanOrEqual(15);
    expect(fields.get('60')).toMatch(/^Sao Jose/);
    expect(hasValidCrc(payload)).toBe(true);
  });

  it('draws the copia e cola as an SVG with a path', async () => {
    const svg = await drawQrSvg(buildStaticBrCode({ ...platform, amountCents: 1234, txid: brCodeTxid(7) }));
    expect(svg.trimStart().startsWith('<svg')).toBe(true);
    expect(svg).toContain('<path');
    expect(svg.length).toBeLessThan(20_000);
  });

  it('the manual provider builds the BR Code locally and reads nothing back', async () => {
    const provider = createManualPixProvider(platform);
    const charge = await provider.createCharge({ tradeId: 9, amountCents: 2500, description: 'Conta' });
    expect(charge.txid).toBe(brCodeTxid(9));
    expect(getPixPayloadInfo(charge.copiaECola)).toMatchObject({ amount: 25, txid: brCodeTxid(9) });
    expect(await provider.readCharge(charge.txid)).toBeNull();
  });
});

describe('txids of a trade', () => {
  it('fit API Pix (26–35) and the BR Code (≤ 25), and name the trade back', () => {
    for (const id of [1, 42, 123_456_789, Number.MAX_SAFE_INTEGER]) {
      expect(tradeTxid(id)).toMatch(/^[A-Za-z0-9]{26,35}$/);
      expect(brCodeTxid(id)).toMatch(/^[A-Za-z0-9]{1,25}$/);
      expect(tradeIdFromTxid(tradeTxid(id))).toBe(id);
      expect(tradeIdFromTxid(brCodeTxid(id))).toBe(id);
    }
    expect(tradeTxid(42)).toBe('MGTRADE00000000000000000042');
    expect(brCodeTxid(42)).toBe('MGTRADE0000000000000042');
    expect(tradeTxid(42)).toBe(tradeTxid(42));
  });

  it('refuses what is not a trade id, and reads no trade from a foreign txid', () => {
    for (const id of [0, -1, 1.5, Number.NaN, 2 ** 53]) expect(() => tradeTxid(id)).toThrow(RangeError);
    expect(tradeIdFromTxid('655dfdb1a4514b8fbb58254b958913fb')).toBeNull();
    expect(tradeIdFromTxid('MGTRADE00000000000000000000')).toBeNull();
    expect(tradeIdFromTxid('MGTRADE42')).toBeNull();
  });
});

describe('API Pix money and status', () => {
  it('writes and reads valor as a two-place decimal', () => {
    expect(valorOfCents(1234)).toBe('12.34');
    expect(valorOfCents(5)).toBe('0.05');
    expect(valorOfCents(100_000_000)).toBe('1000000.00');
    expect(centsOfValor('12.34')).toBe(1234);
    expect(centsOfValor('0.05')).toBe(5);
  });

  it('is paid only when CONCLUIDA with its PIX, for the sum received', () => {
    const pix = (valor: string) => ({ endToEndId: 'E1234567820200909122120200808008', valor });
    expect(
      readingOfCob({ status: 'CONCLUIDA', valor: { original: '100.00' }, pix: [pix('110.00')] }),
    ).toEqual({
      status: 'paid',
      amountCents: 11000,
      endToEndId: 'E1234567820200909122120200808008',
    });
    expect(readingOfCob({ status: 'ATIVA', valor: { original: '100.00' } })).toEqual({
      status: 'pending',
      amountCents: 10000,
      endToEndId: null,
    });
    expect(readingOfCob({ status: 'CONCLUIDA', valor: { original: '100.00' }, pix: [] }).status).toBe(
      'other',
    );
    expect(readingOfCob({ status: 'REMOVIDA_PELO_PSP', valor: { original: '1.00' } }).status).toBe('other');
  });
});
