import { formatCallDuration } from '@web/features/trade-call/useTradeCall';
import { describe, expect, it } from 'vitest';

describe("the call's duration", () => {
  it('reads mm:ss, and h:mm:ss past an hour', () => {
    expect(formatCallDuration(0)).toBe('00:00');
    expect(formatCallDuration(999)).toBe('00:00');
    expect(formatCallDuration(61_000)).toBe('01:01');
    expect(formatCallDuration(59 * 60_000 + 59_999)).toBe('59:59');
    expect(formatCallDuration(3_600_000 + 5 * 60_000 + 7_000)).toBe('1:05:07');
    expect(formatCallDuration(-5)).toBe('00:00');
  });
});
