import type { PaymentHistoryItem } from '@shared/payments';
import { describe, expect, it } from 'vitest';
import { paymentHistoryCsv } from '../../src/server/modules/payments/csv';

const item = (overrides: Partial<PaymentHistoryItem> = {}): PaymentHistoryItem => ({
  id: '1-sale',
  type: 'sale',
  amountCents: 123_456,
  description: 'Liberação da negociação #1',
  status: 'completed',
  date: '2026-07-01T15:04:00.000Z',
  tradeId: 1,
  buyerName: 'jogador_1',
  productTitle: 'Conta Valorant',
  ...overrides,
});

describe('paymentHistoryCsv', () => {
  it('writes a BOM, ; separators, the decimal comma, Brasília time and CRLF', () => {
    const csv = paymentHistoryCsv([
      item(),
      item({ id: '1-fee', type: 'fee', amountCents: -6173, description: 'Taxa' }),
    ]);
    expect(csv).toBe(
      '\uFEFFData;Tipo;Descrição;Produto;Comprador;Status;Valor (R$)\r\n' +
        '01/07/2026 12:04;Venda;Liberação da negociação #1;Conta Valorant;jogador_1;Concluído;1234,56\r\n' +
        '01/07/2026 12:04;Taxa;Taxa;Conta Valorant;jogador_1;Concluído;-61,73\r\n',
    );
  });

  it('quotes a cell holding ; or quotes and keeps a typed formula from running', () => {
    const [, row] = paymentHistoryCsv([
      item({ productTitle: 'Skin "AK"; rara', buyerName: '=HYPERLINK("http://x")' }),
    ]).split('\r\n');
    expect(row).toContain(';"Skin ""AK""; rara";');
    expect(row).toContain(`;"'=HYPERLINK(""http://x"")";`);
  });

  it('labels a sale still in escrow as Pendente', () => {
    const [, row] = paymentHistoryCsv([
      item({ id: 'trade-1-pending', status: 'pending', amountCents: 9500 }),
    ]).split('\r\n');
    expect(row).toMatch(/;Venda;.*;Pendente;95,00$/);
  });
});
