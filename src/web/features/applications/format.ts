/** Display rules for the applications dashboard: money, the change badges, dates and links. */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '1234.5' → '$1,234.50' (the API sends decimal strings). */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return USD.format(Number.isFinite(value) ? value : 0);
}

export type ChangePeriod = 'yesterday' | 'last week';
export type Trend = 'up' | 'down' | 'flat' | 'none';

/**
 * The summary badge in the spec's wording with the real figure: '+12.5% vs yesterday',
 * '-3.0% vs last week'. The server sends null when the earlier period had no sales at all
 * (any change against nothing would be an infinite percentage).
 */
export function changeText(change: number | null, period: ChangePeriod): string {
  if (change === null || !Number.isFinite(change)) return `No sales ${period}`;
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return `0.0% vs ${period}`;
  return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}% vs ${period}`;
}

export function changeTrend(change: number | null): Trend {
  if (change === null || !Number.isFinite(change)) return 'none';
  const rounded = Math.round(change * 10) / 10;
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

export const newThisMonthText = (count: number): string => `+${count} new this month`;

/** '2025-03-07' → 'Mar 7'. The API's dates are already local dates: no time-zone shift here. */
export const shortDate = (isoDate: string): string =>
  SHORT_DATE.format(new Date(`${isoDate}T00:00:00Z`));
export const longDate = (isoDate: string): string =>
  LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`));

/** The host people recognise ('mission-meals.example') for a link's text. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export interface DailyPoint {
  date: string;
  total: string;
}

/** The chart's caption: the sum of the days and the best day (null when nothing was sold). */
export function revenueSummary(points: readonly DailyPoint[]): {
  totalCents: number;
  best: DailyPoint | null;
} {
  let totalCents = 0;
  let best: DailyPoint | null = null;
  for (const point of points) {
    const cents = Math.round(Number(point.total) * 100);
    if (!Number.isFinite(cents)) continue;
    totalCents += cents;
    if (cents > 0 && (!best || cents > Math.round(Number(best.total) * 100))) best = point;
  }
  return { totalCents, best };
}
