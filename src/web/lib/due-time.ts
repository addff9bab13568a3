/** The admin area's words for due times ('New clients', 'Support'): English, the browser's zone. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The countdown to something due: '3 days left', '5 h 12 min left', '12 min left', or past it
 * 'Overdue by 40 min', 'Overdue by 2 h', 'Overdue by 3 days'. `now` in milliseconds (the
 * server's clock, as the sections read it).
 */
export function timeLeft(dueAt: string, now: number): { overdue: boolean; text: string } {
  const left = Date.parse(dueAt) - now;
  if (left > 0) {
    const days = Math.floor(left / DAY);
    if (days >= 2) return { overdue: false, text: `${days} days left` };
    const hours = Math.floor(left / HOUR);
    const minutes = Math.floor((left % HOUR) / MINUTE);
    if (hours === 0 && minutes === 0) return { overdue: false, text: 'Less than a minute left' };
    return {
      overdue: false,
      text: hours > 0 ? `${hours} h ${minutes} min left` : `${minutes} min left`,
    };
  }
  const over = -left;
  if (over < HOUR)
    return { overdue: true, text: `Overdue by ${Math.max(1, Math.floor(over / MINUTE))} min` };
  if (over < 2 * DAY) return { overdue: true, text: `Overdue by ${Math.floor(over / HOUR)} h` };
  return { overdue: true, text: `Overdue by ${Math.floor(over / DAY)} days` };
}

const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
/** 'Nov 28, 2026, 9:14 AM' in the browser's time zone. */
export const when = (iso: string) => WHEN.format(new Date(iso));
