import { describe, expect, it } from 'vitest';
import type { PayoutSent } from '../../src/server/modules/payouts/provider';
import { comparePayouts, saoPauloDay } from '../../src/server/modules/payouts/reconciliation';

const sent = (id: string, extra: Partial<PayoutSent> = {}): PayoutSent => ({
  id,
  amountCents: 10_00,
  key: 'vendedor@exemplo.com',
  endToEndId: 'E09089356202611291200ABCDEFGHIJK',
  status: 'paid',
  ...extra,
});
const booked = (pspId: string, tradeId: number, extra: { amountCents?: number; key?: string } = {}) => ({
  pspId,
  tradeId,
  amountCents: 10_00,
  key: 'email:vendedor@exemplo.com',
  ...extra,
});

describe('comparePayouts', () => {
  it('finds nothing when the PSP and the ledger agree', () => {
    const psp = [
      sent('A1'),
      sent('B2', { status: 'refused', endToEndId: null }),
      sent('C3', { status: 'processing' }),
    ];
    expect(
      comparePayouts({ sent: psp, paidAround: psp, booked: [booked('A1', 1)], bookedIds: new Set(['A1']) }),
    ).toEqual([]);
  });

  it('flags each kind of difference once', () => {
    const psp = [
      sent('SENT1'),
      sent('AMT1', { amountCents: 11_00 }),
      sent('KEY1', { key: 'outro@exemplo.com' }),
    ];
    const ledger = [booked('AMT1', 2), booked('KEY1', 3), booked('NOTSENT1', 4)];
    const findings = comparePayouts({
      sent: psp,
      paidAround: psp,
      booked: ledger,
      bookedIds: new Set(['AMT1', 'KEY1', 'NOTSENT1']),
    });
    expect(findings.map((f) => [f.kind, f.pspId])).toEqual([
      ['sent_not_booked', 'SENT1'],
      ['amount_differs', 'AMT1'],
      ['key_differs', 'KEY1'],
      ['booked_not_sent', 'NOTSENT1'],
    ]);
    expect(findings[1]).toMatchObject({ pspAmountCents: 11_00, ledgerAmountCents: 10_00, tradeId: 2 });
    expect(findings[2]).toMatchObject({ pspKey: 'outro@exemplo.com', ledgerKey: 'vendedor@exemplo.com' });
  });

  it('a booking matches a send of the day before (a send at 23:59 booked after midnight)', () => {
    const yesterday = [sent('LATE1')];
    expect(
      comparePayouts({ sent: [], paidAround: yesterday, booked: [booked('LATE1', 5)], bookedIds: new Set() }),
    ).toEqual([]);
  });

  it('a send the PSP refused or still processes is not booked-and-sent', () => {
    const psp = [sent('R1', { status: 'refused', endToEndId: null })];
    const findings = comparePayouts({
      sent: psp,
      paidAround: psp,
      booked: [booked('R1', 6)],
      bookedIds: new Set(['R1']),
    });
    expect(findings.map((f) => f.kind)).toEqual(['booked_not_sent']);
  });
});

describe('saoPauloDay', () => {
  it('is the calendar day at UTC−3', () => {
    expect(saoPauloDay(new Date('2026-11-29T02:59:00Z')).day).toBe('2026-11-28');
    const { day, from, to } = saoPauloDay(new Date('2026-11-29T03:00:00Z'));
    expect(day).toBe('2026-11-29');
    expect(from.toISOString()).toBe('2026-11-29T03:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-30T03:00:00.000Z');
  });
});
