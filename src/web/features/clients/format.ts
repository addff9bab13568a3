// How the Clients section writes dates: in the browser's language, medium style ('Nov 24, 2026').
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const day = (iso: string | null) => (iso ? DAY.format(new Date(iso)) : '—');
export const when = (iso: string | null) => (iso ? WHEN.format(new Date(iso)) : '—');
export const period = (start: string | null, end: string | null) =>
  start && end ? DAY.formatRange(new Date(start), new Date(end)) : '—';

// A calendar date the server already gave in the agency's time zone ('2026-12-24'): shown as is.
const CALENDAR_DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
export const calendarDay = (date: string) => CALENDAR_DAY.format(new Date(`${date}T00:00:00Z`));
