import type { SupportAttachment, UnmatchedMail } from '../../../contract/support/support';

export { timeLeft, when } from '../../lib/due-time';

// A calendar date the server gave in the agency's time zone ('2026-12-24'): shown as is.
const CALENDAR_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
/** '2026-12-24' → 'Thu, Dec 24, 2026'. */
export const calendarDay = (date: string) => CALENDAR_DAY.format(new Date(`${date}T00:00:00Z`));

/** '42 min', '3 h 5 min', '2 days 4 h': a response time as the figures show it. */
export function minutesText(minutes: number): string {
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) {
    const rest = m % 60;
    return rest ? `${Math.floor(m / 60)} h ${rest} min` : `${m / 60} h`;
  }
  const days = Math.floor(m / (24 * 60));
  const hours = Math.floor((m % (24 * 60)) / 60);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours ? ` ${hours} h` : ''}`;
}

/** 0.934 → '93%'. */
export const percentText = (share: number) => `${Math.round(share * 100)}%`;

/** Why an inbound e-mail reached no request, in words for the team. */
export const UNMATCHED_REASONS: Record<UnmatchedMail['reason'], string> = {
  unknown_sender: 'The sender is not a client’s address.',
  not_the_client: 'The sender is not the client of the request it answers.',
  unknown_request: 'It answers a request that does not exist.',
  several_businesses: 'The sender’s address belongs to several clients.',
};

/** '(PDF, 1.2 MB)': what an attachment is, beside its link. */
export function fileSummary(file: SupportAttachment): string {
  const kind = file.contentType === 'application/pdf' ? 'PDF' : 'image';
  const size =
    file.size >= 1024 * 1024
      ? `${(file.size / (1024 * 1024)).toFixed(1)} MB`
      : `${Math.max(1, Math.round(file.size / 1024))} KB`;
  return `${kind}, ${size}`;
}
