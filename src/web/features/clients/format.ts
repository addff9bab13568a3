// How the Clients section writes dates: in the browser's language, medium style ('Nov 24, 2026').
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const day = (iso: string | null) => (iso ? DAY.format(new Date(iso)) : '—');
export const when = (iso: string | null) => (iso ? WHEN.format(new Date(iso)) : '—');
export const period = (start: string | null, end: string | null) =>
  start && end ? DAY.formatRange(new Date(start), new Date(end)) : '—';
