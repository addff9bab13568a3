export { timeLeft, when } from '../../lib/due-time';

/** '8 of 10 contacted within 24 hours (80%)'. */
export function shareText(inTime: number, total: number): string {
  if (total === 0) return 'Nothing to count yet: no recent client has reached their 24 hours.';
  return `${inTime} of ${total} contacted within 24 hours (${Math.round((inTime / total) * 100)}%)`;
}
