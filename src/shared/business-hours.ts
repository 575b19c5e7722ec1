/**
 * Business hours as the report promise counts them ('analisará em até 48 horas úteis'): the hours of Monday to
 * Friday in Brasília time (UTC−3 all year since 2019, no daylight saving). National holidays are not skipped.
 */
const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Staff answer a report within this many business hours (part 2 §2 "Report history"). */
export const REPORT_ANSWER_BUSINESS_HOURS = 48;

/** The instant `hours` business hours before `to`: a report older than it has waited longer than promised. */
export function businessHoursBefore(to: Date, hours: number): Date {
  let t = to.getTime();
  let remaining = hours * HOUR_MS;
  while (remaining > 0) {
    // The Brasília day the hour just before `t` belongs to (at midnight, that is the previous day).
    const local = t - 1 + BRASILIA_OFFSET_MS;
    const dayStart = Math.floor(local / DAY_MS) * DAY_MS - BRASILIA_OFFSET_MS;
    const weekday = new Date(local).getUTCDay();
    if (weekday === 0 || weekday === 6) {
      t = dayStart;
      continue;
    }
    const taken = Math.min(remaining, t - dayStart);
    t -= taken;
    remaining -= taken;
  }
  return new Date(t);
}

/** The instant `hours` business hours after `from`: a deadline counted in business hours (a dispute's decision). */
export function businessHoursAfter(from: Date, hours: number): Date {
  let t = from.getTime();
  let remaining = hours * HOUR_MS;
  while (remaining > 0) {
    // The Brasília day the hour just after `t` belongs to.
    const local = t + BRASILIA_OFFSET_MS;
    const dayEnd = (Math.floor(local / DAY_MS) + 1) * DAY_MS - BRASILIA_OFFSET_MS;
    const weekday = new Date(local).getUTCDay();
    if (weekday === 0 || weekday === 6) {
      t = dayEnd;
      continue;
    }
    const taken = Math.min(remaining, dayEnd - t);
    t += taken;
    remaining -= taken;
  }
  return new Date(t);
}
