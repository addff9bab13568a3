import {
  addDays,
  instantOfLocalTimeOrLater,
  isoDate,
  isoWeekday,
  localDate,
  type LocalDate,
} from '../../lib/zoned-time.js';

/**
 * Service-level clocks in the agency's time zone: a normal request's answer is due after a
 * number of working hours, which stop at night, at weekends and on holidays. All counting is in
 * real elapsed time between local opening and closing instants, so a daylight-saving change
 * inside or outside the working day lands right.
 */
export interface BusinessHours {
  timeZone: string; // IANA, the agency's APP_TIMEZONE
  weekdays: number[]; // ISO 1=Mon..7=Sun that are working days
  start: string; // 'HH:MM' local start of the working day
  end: string; // 'HH:MM' local end ('24:00' allowed), end > start
  holidays: string[]; // 'YYYY-MM-DD' local dates that are not working days
}

const MINUTE = 60_000;
/** A year of closed days in a row (every day a holiday, say) means the settings are wrong. */
const MAX_CLOSED_DAYS = 400;

interface Schedule {
  timeZone: string;
  weekdays: Set<number>;
  startMinutes: number;
  endMinutes: number;
  holidays: Set<string>;
}

function minutesOfDay(value: string, allowMidnightEnd: boolean): number {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  const hours = match ? Number(match[1]) : NaN;
  const minutes = match ? Number(match[2]) : NaN;
  const total = hours * 60 + minutes;
  const valid = minutes < 60 && (hours < 24 || (allowMidnightEnd && hours === 24 && minutes === 0));
  if (!valid) throw new Error(`Business hours: '${value}' is not a time of day (HH:MM)`);
  return total;
}

function schedule(hours: BusinessHours): Schedule {
  const startMinutes = minutesOfDay(hours.start, false);
  const endMinutes = minutesOfDay(hours.end, true);
  if (endMinutes <= startMinutes) {
    throw new Error(
      `Business hours: the day ends (${hours.end}) before it starts (${hours.start})`,
    );
  }
  const weekdays = new Set(hours.weekdays.filter((d) => Number.isInteger(d) && d >= 1 && d <= 7));
  if (weekdays.size === 0) throw new Error('Business hours: no working weekday is set');
  for (const holiday of hours.holidays) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(holiday)) {
      throw new Error(`Business hours: holiday '${holiday}' is not a date (YYYY-MM-DD)`);
    }
  }
  // An unknown zone throws a RangeError from Intl here rather than deep inside the loop.
  localDate(new Date(0), hours.timeZone);
  return {
    timeZone: hours.timeZone,
    weekdays,
    startMinutes,
    endMinutes,
    holidays: new Set(hours.holidays),
  };
}

/** The working window of a local day, or null when the day is closed. */
function windowOf(day: LocalDate, s: Schedule): { open: number; close: number } | null {
  if (!s.weekdays.has(isoWeekday(day)) || s.holidays.has(isoDate(day))) return null;
  return {
    open: instantOfLocalTimeOrLater(day, s.startMinutes, s.timeZone).getTime(),
    close: instantOfLocalTimeOrLater(day, s.endMinutes, s.timeZone).getTime(),
  };
}

/**
 * Adds `minutes` of business time to `from` (inside hours counts from `from`; outside hours starts
 * at the next opening).
 */
export function addBusinessMinutes(from: Date, minutes: number, hours: BusinessHours): Date {
  if (!Number.isFinite(minutes) || minutes < 0) {
    throw new Error(`Business minutes must be a finite number ≥ 0, not ${minutes}`);
  }
  const s = schedule(hours);
  let remaining = minutes * MINUTE;
  const cursor = from.getTime();
  // Windows end by 24:00 of their own day, so none that opened the day before reaches `from`.
  let day = localDate(from, s.timeZone);
  let closedDays = 0;
  for (;;) {
    const window = windowOf(day, s);
    const begin = window ? Math.max(window.open, cursor) : Infinity;
    if (window && begin < window.close) {
      closedDays = 0;
      const available = window.close - begin;
      if (remaining <= available) return new Date(begin + remaining);
      remaining -= available;
    } else if (++closedDays > MAX_CLOSED_DAYS) {
      throw new Error(
        `Business hours: no working time in ${MAX_CLOSED_DAYS} days after ${isoDate(day)}`,
      );
    }
    day = addDays(day, 1);
  }
}

/**
 * The first-response due time: urgent = from + urgentMinutes of wall time (any hour); normal =
 * from + businessDays × (end−start) of business time.
 */
export function firstResponseDue(
  from: Date,
  urgency: 'urgent' | 'normal',
  targets: { urgentMinutes: number; normalBusinessDays: number },
  hours: BusinessHours,
): Date {
  if (urgency === 'urgent') return new Date(from.getTime() + targets.urgentMinutes * MINUTE);
  const s = schedule(hours);
  return addBusinessMinutes(
    from,
    targets.normalBusinessDays * (s.endMinutes - s.startMinutes),
    hours,
  );
}

/** True when `at` is inside business hours. */
export function isBusinessTime(at: Date, hours: BusinessHours): boolean {
  const s = schedule(hours);
  const window = windowOf(localDate(at, s.timeZone), s);
  return window !== null && at.getTime() >= window.open && at.getTime() < window.close;
}
