import { relativeTime } from '@shared/relative-time';
import { describe, expect, it } from 'vitest';

const now = Date.parse('2026-11-20T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relative time (part 1 §2)', () => {
  it.each([
    [0, 'Agora mesmo'],
    [59, 'Agora mesmo'],
    [60, 'há 1 minuto'],
    [119, 'há 1 minuto'],
    [5 * 60, 'há 5 minutos'],
    [59 * 60 + 59, 'há 59 minutos'],
    [3600, 'há 1 hora'],
    [23 * 3600, 'há 23 horas'],
    [24 * 3600, 'há 1 dia'],
    [29 * 86400, 'há 29 dias'],
    [30 * 86400, 'há 1 mês'],
    [364 * 86400, 'há 12 meses'],
    [365 * 86400, 'há 1 ano'],
    [3 * 365 * 86400, 'há 3 anos'],
  ])('%i s ago → %s', (seconds, text) => {
    expect(relativeTime(ago(seconds), now)).toBe(text);
  });

  it('says "Agora mesmo" for a date slightly in the future', () => {
    expect(relativeTime(ago(-30), now)).toBe('Agora mesmo');
  });

  it('says "Agora" when the date does not parse', () => {
    expect(relativeTime('não é data', now)).toBe('Agora');
    expect(relativeTime('', now)).toBe('Agora');
  });
});
