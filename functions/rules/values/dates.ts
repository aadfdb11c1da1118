/** Calendar dates as ISO `YYYY-MM-DD` strings, in UTC. */

export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** True when `date` (YYYY-MM-DD) is after today's date in UTC. */
export function isAfterToday(date: string, now: Date): boolean {
  return date > isoDate(now);
}

/** The day after `date` (YYYY-MM-DD). */
export function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return isoDate(next);
}

/** ISO datetime `YYYY-MM-DDTHH:MM:SSZ` (the spec's datetime form, no milliseconds). */
export function isoDateTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
