import { businessHoursBefore } from '@shared/business-hours';
import { describe, expect, it } from 'vitest';

/** Brasília wall time → the instant (UTC−3). */
const brt = (isoLocal: string) => new Date(`${isoLocal}-03:00`);

describe('businessHoursBefore', () => {
  it('counts weekdays only', () => {
    // Friday 10:00 → Wednesday 10:00.
    expect(businessHoursBefore(brt('2026-11-27T10:00:00'), 48)).toEqual(brt('2026-11-25T10:00:00'));
    // Monday 10:00 → the Thursday before, 10:00 (the weekend does not count).
    expect(businessHoursBefore(brt('2026-11-30T10:00:00'), 48)).toEqual(brt('2026-11-26T10:00:00'));
  });

  it('from inside a weekend, counts back from Friday midnight', () => {
    expect(businessHoursBefore(brt('2026-11-28T12:00:00'), 48)).toEqual(brt('2026-11-26T00:00:00'));
    expect(businessHoursBefore(brt('2026-11-30T00:00:00'), 24)).toEqual(brt('2026-11-27T00:00:00'));
  });

  it('at the boundary of a day', () => {
    expect(businessHoursBefore(brt('2026-11-24T00:00:00'), 24)).toEqual(brt('2026-11-23T00:00:00'));
    expect(businessHoursBefore(brt('2026-11-24T00:00:00'), 0)).toEqual(brt('2026-11-24T00:00:00'));
    // One hour into Monday, 2 business hours back: Monday's hour, then Friday 23:00.
    expect(businessHoursBefore(brt('2026-11-30T01:00:00'), 2)).toEqual(brt('2026-11-27T23:00:00'));
  });
});
