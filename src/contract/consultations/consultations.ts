import * as z from 'zod/mini';
import type { Endpoint } from '../lib/endpoint.js';

/**
 * The consultation (issue 29 §2): employees' weekly availability in their own time zones, the
 * client's booking from the billing page, and the booking as the team sees it.
 */
export const DEFAULT_SLOT_MINUTES = 30;
export const DEFAULT_CUTOFF_HOURS = 24;
export const SLOT_MINUTES_CHOICES = [15, 20, 30, 45, 60, 90] as const;
/** At most this many days of free slots in one answer; and no booking further ahead than BOOKING_HORIZON_DAYS. */
export const MAX_SLOT_DAYS = 31;
export const BOOKING_HORIZON_DAYS = 400;
export const MAX_RANGES = 50;
export const MAX_DAYS_OFF = 366;

/** Monday first, as ISO numbers them (1 = Monday … 7 = Sunday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES: Record<number, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** Whether the runtime knows `name` as an IANA time zone ('Europe/Madrid'). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const timeZone = (label: string) =>
  z.string(`${label} must be text.`).check(
    z.refine(isTimeZone, {
      message: `${label} must be a time zone such as Europe/Madrid.`,
      params: { code: 'field_invalid' },
    }),
  );

/** 'HH:MM' on a 24-hour clock; '24:00' ends a day. */
const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minutesOfClock = (clock: string) =>
  Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const clock = (label: string) =>
  z
    .string(`${label} must be a time written HH:MM.`)
    .check(z.regex(CLOCK, `${label} must be a time written HH:MM (00:00 to 24:00).`));

const dayText = z.string('A day off must be a date written YYYY-MM-DD.').check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A day off must be a date written YYYY-MM-DD.'),
  z.refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'A day off must be a date that exists.'),
);

export interface AvailabilityRange {
  weekday: number;
  start: string;
  end: string;
}

const rangeSchema = z
  .object({
    weekday: z
      .int('Weekday must be a number from 1 (Monday) to 7 (Sunday).')
      .check(
        z.gte(1, 'Weekday must be a number from 1 (Monday) to 7 (Sunday).'),
        z.lte(7, 'Weekday must be a number from 1 (Monday) to 7 (Sunday).'),
      ),
    start: clock('Start'),
    end: clock('End'),
  })
  .check(
    z.refine((r) => minutesOfClock(r.end) > minutesOfClock(r.start), {
      message: 'The end must be after the start.',
      path: ['end'],
    }),
  );

export const availabilityInput = z
  .object({
    timeZone: timeZone('Time zone'),
    weekly: z
      .array(rangeSchema, 'Weekly hours must be a list.')
      .check(z.maxLength(MAX_RANGES, `At most ${MAX_RANGES} time ranges.`)),
    daysOff: z
      ._default(z.array(dayText, 'Days off must be a list.'), [])
      .check(z.maxLength(MAX_DAYS_OFF, `At most ${MAX_DAYS_OFF} days off.`)),
  })
  .check(
    z.refine(
      (a) =>
        WEEKDAYS.every((day) => {
          const ranges = a.weekly
            .filter((r) => r.weekday === day)
            .map((r) => [minutesOfClock(r.start), minutesOfClock(r.end)] as const)
            .sort((x, y) => x[0] - y[0]);
          return ranges.every((r, i) => i === 0 || r[0] >= ranges[i - 1]![1]);
        }),
      { message: 'Time ranges on one day must not overlap.', path: ['weekly'] },
    ),
  );
export type AvailabilityInput = z.input<typeof availabilityInput>;
export const AVAILABILITY_LABELS = {
  timeZone: 'time zone',
  weekly: 'weekly hours',
  daysOff: 'days off',
};

export interface Availability {
  timeZone: string;
  weekly: AvailabilityRange[];
  daysOff: string[];
}

export interface ConsultationSettings {
  slotMinutes: number;
  cutoffHours: number;
}

export const consultationSettingsInput = z.object({
  slotMinutes: z
    .int(`Slot length must be one of ${SLOT_MINUTES_CHOICES.join(', ')} minutes.`)
    .check(
      z.refine(
        (n) => (SLOT_MINUTES_CHOICES as readonly number[]).includes(n),
        `Slot length must be one of ${SLOT_MINUTES_CHOICES.join(', ')} minutes.`,
      ),
    ),
  cutoffHours: z
    .int('Hours must be a whole number.')
    .check(z.gte(0, 'Hours must be 0 or more.'), z.lte(168, 'Hours must be at most 168 (a week).')),
});
export const SETTINGS_LABELS = { slotMinutes: 'slot length', cutoffHours: 'hours before' };

/** Settings → Availability: the signed-in employee's own hours and the shared settings. */
export interface MyAvailability {
  availability: Availability | null;
  settings: ConsultationSettings;
}

export const getMyAvailability: Endpoint<MyAvailability> = {
  method: 'GET',
  path: '/api/consultations/availability',
};
export const saveMyAvailability: Endpoint<MyAvailability, AvailabilityInput> = {
  method: 'PUT',
  path: '/api/consultations/availability',
};
export const saveConsultationSettings: Endpoint<MyAvailability, ConsultationSettings> = {
  method: 'PUT',
  path: '/api/consultations/settings',
};

export type ConsultationStatus = 'booked' | 'cancelled';

/** A client's consultation as the team sees it on the client's record. */
export interface TeamConsultation {
  id: string;
  uid: string;
  startsAt: string;
  endsAt: string;
  status: ConsultationStatus;
  /** Null once the host's account was removed. */
  host: { id: string; name: string; email: string } | null;
  clientTimeZone: string;
  sequence: number;
}
export const getClientConsultation: Endpoint<{ consultation: TeamConsultation | null }> = {
  method: 'GET',
  path: '/api/consultations/clients/:id',
};

// The client's side, under the billing page's session (/api/account…).
/** The client's booked consultation. */
export interface ClientConsultation {
  id: string;
  startsAt: string;
  endsAt: string;
  hostName: string;
  /** Until this instant it may be rescheduled or cancelled. */
  changeableUntil: string;
}
export interface AccountConsultation {
  consultation: ClientConsultation | null;
  /** Whether the client may book: a live subscription (active or past due). */
  canBook: boolean;
  slotMinutes: number;
  cutoffHours: number;
}

export const slotsQuery = z.object({
  timeZone: timeZone('Time zone'),
  /** The first local day (in `timeZone`) to list; today when absent. */
  from: z.optional(dayText),
  days: z._default(
    z.coerce
      .number('Days must be a number.')
      .check(
        z.int('Days must be a whole number.'),
        z.gte(1, 'Days must be at least 1.'),
        z.lte(MAX_SLOT_DAYS, `Days must be at most ${MAX_SLOT_DAYS}.`),
      ),
    14,
  ),
});
export type SlotsQuery = z.input<typeof slotsQuery>;
export const SLOTS_LABELS = { timeZone: 'time zone', from: 'first day', days: 'days' };

/** Free start times (ISO instants), earliest first. */
export interface ConsultationSlots {
  timeZone: string;
  slotMinutes: number;
  slots: string[];
}

export const bookingInput = z.object({
  startsAt: z.iso.datetime({
    offset: true,
    message: 'Start must be a time such as 2026-12-01T15:00:00Z.',
  }),
  timeZone: timeZone('Time zone'),
});
export type BookingInput = z.input<typeof bookingInput>;
export const BOOKING_LABELS = { startsAt: 'start', timeZone: 'time zone' };

export const getAccountConsultation: Endpoint<AccountConsultation> = {
  method: 'GET',
  path: '/api/account/consultation',
};
export const listConsultationSlots: Endpoint<ConsultationSlots, undefined, SlotsQuery> = {
  method: 'GET',
  path: '/api/account/consultation/slots',
};
export const bookConsultation: Endpoint<ClientConsultation, BookingInput> = {
  method: 'POST',
  path: '/api/account/consultation',
};
export const rescheduleConsultation: Endpoint<ClientConsultation, BookingInput> = {
  method: 'PUT',
  path: '/api/account/consultation',
};
export const cancelConsultation: Endpoint<{ ok: true }> = {
  method: 'DELETE',
  path: '/api/account/consultation',
};

/** Where the welcome e-mail's link lands: the billing page's booking section. */
export const CONSULTATION_ANCHOR = 'consultation';
