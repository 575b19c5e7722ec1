import { readFileSync } from 'node:fs';
import { statesWaitingOnStaff } from '@shared/trade-process';
import { describe, expect, it } from 'vitest';

const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const trades = (file: string) => source(`src/server/modules/trades/${file}`);

/** The steps: they bring their input and name a transition; the process says what it does (decision 020). */
const steps = ['service.ts', 'money-steps.ts', 'dispute-steps.ts', 'refunds.ts', 'timers.ts', 'open.ts'];
/** Columns a transition stamps or writes by the process's declaration, never by a step's hand. */
const declared = [
  'valueConfirmedAt',
  'paidAt',
  'deliveredAt',
  'deliveryConfirmedAt',
  'deliveryAutoConfirmed',
  'releasedAt',
  'cancelReason',
  'disputeOpenedAt',
  'disputeOpenedBy',
  'disputeReason',
  'disputeDecision',
  'disputeDecisionReason',
  'disputeDecidedAt',
  'paymentEndToEndId',
  'payoutEndToEndId',
  'refundEndToEndId',
  'intermediaryId',
  'warrantyEndsAt',
  'deadlineAt',
];

describe('the trade process owns what a transition does', () => {
  it('leaves no step writing a column the process declares, nor the stock it consumes', () => {
    let read = 0;
    for (const file of steps) {
      const text = trades(file);
      const changes = [...text.matchAll(/changes: \{([^}]*)\}/g)].map((found) => found[1]).join('\n');
      for (const column of declared) {
        expect(changes, `${file} writes ${column}`).not.toMatch(new RegExp(`\\b${column}\\b`));
      }
      expect(text, `${file} changes the listing's stock`).not.toMatch(/update\(listings\)/);
      read += changes.length;
    }
    // The steps still bring their own input (the value, the note): the pattern finds it.
    expect(read).toBeGreaterThan(0);
  });

  it('is where the trades desk, the staff list and Visão Geral read what waits on staff', () => {
    const view = trades('view.ts');
    const readers = [
      view.slice(view.indexOf('export async function listTrades')),
      trades('desk.ts'),
      source('src/server/modules/admin/overview.ts'),
    ];
    const waiting = statesWaitingOnStaff();
    expect(waiting).not.toEqual([]);
    for (const text of readers) {
      expect(text).toContain('statesWaitingOnStaff');
      // No such state named by hand: each comes from `waitsOnStaff`.
      for (const state of waiting) {
        expect(text, state).not.toMatch(new RegExp(`'${state}'`));
      }
    }
  });
});
