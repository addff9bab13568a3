/**
 * Calendar arithmetic in the agency's time zone without a date library: a local date is turned
 * into the UTC instant of its midnight by asking Intl for the zone's offset (twice, so a
 * daylight-saving change on that day lands right).
 */
export interface LocalDate {
  year: number;
  month: number; // 1–12
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at that instant, in milliseconds (Chicago in winter: -6 h). */
function offsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return (
    Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) -
    Math.floor(instant.getTime() / 1000) * 1000
  );
}

export function localDate(instant: Date, timeZone: string): LocalDate {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
}

/** The instant the local day starts (midnight, or the first moment after a skipped midnight). */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  const guess = Date.UTC(date.year, date.month - 1, date.day);
  let instant = guess - offsetMs(new Date(guess), timeZone);
  instant = guess - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/**
 * The instant a local wall-clock time happens: `minutes` after midnight of `date` in `timeZone`
 * (Chicago, 2027-11-01 09:00 → 15:00Z while Chicago keeps summer time). Null for a time the
 * zone skips when clocks go forward (02:30 on the morning of the change); a time that happens
 * twice when they go back is its first occurrence.
 */
export function instantOfLocalTime(
  date: LocalDate,
  minutes: number,
  timeZone: string,
): Date | null {
  const guess = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const first = guess - offsetMs(new Date(guess), timeZone);
  const candidates = [first, guess - offsetMs(new Date(first), timeZone)];
  const found = candidates
    .filter((instant) => {
      const w = wallClock(new Date(instant), timeZone);
      return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) === guess;
    })
    .sort((a, b) => a - b)[0];
  return found === undefined ? null : new Date(found);
}

/** 1 = Monday … 7 = Sunday, as ISO numbers the days of a week. */
export function isoWeekday(date: LocalDate): number {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Monday of the local date's week (weeks start on Monday). */
export function mondayOf(date: LocalDate): LocalDate {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

export const isoDate = (d: LocalDate) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** Percentage change, one decimal; null when there was nothing before to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/**
 * Like `instantOfLocalTime`, but never null: a wall time the zone skips moves forward by the gap
 * (Chicago, 2027-03-14 02:30 → 03:30 CDT), as Temporal's 'compatible' choice does, so an opening
 * hour that falls in the gap opens when the clocks jump instead of not at all.
 */
export function instantOfLocalTimeOrLater(
  date: LocalDate,
  minutes: number,
  timeZone: string,
): Date {
  const exact = instantOfLocalTime(date, minutes, timeZone);
  if (exact) return exact;
  // In a gap the two offsets around the change give two instants; the later one reads the wall
  // time with the offset from before the change, i.e. it lands after the jump.
  const guess = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const first = guess - offsetMs(new Date(guess), timeZone);
  const second = guess - offsetMs(new Date(first), timeZone);
  return new Date(Math.max(first, second));
}

const teamTimes = new Map<string, Intl.DateTimeFormat>();
/** A time in the team's e-mails and messages: 'Nov 28, 2026, 9:14 AM CST' in the agency's zone. */
export function teamTime(at: Date, timeZone: string): string {
  let f = teamTimes.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    teamTimes.set(timeZone, f);
  }
  return f.format(at);
}
