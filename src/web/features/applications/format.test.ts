import { describe, expect, it } from 'vitest';
import {
  changeText,
  changeTrend,
  formatMoney,
  hostOf,
  longDate,
  newThisMonthText,
  revenueSummary,
  shortDate,
} from './format';

describe('money', () => {
  it('formats the API decimal strings as dollars with cents and thousands separators', () => {
    expect(formatMoney('0.00')).toBe('$0.00');
    expect(formatMoney('49.9')).toBe('$49.90');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('1000000.00')).toBe('$1,000,000.00');
    expect(formatMoney(12.345)).toBe('$12.35');
  });

  it('shows $0.00 rather than $NaN for something that is not an amount', () => {
    expect(formatMoney('abc')).toBe('$0.00');
  });
});

describe('change badges', () => {
  it("keeps the spec's wording with the real change", () => {
    expect(changeText(12.5, 'yesterday')).toBe('+12.5% vs yesterday');
    expect(changeText(8.2, 'last week')).toBe('+8.2% vs last week');
    expect(changeText(100, 'yesterday')).toBe('+100.0% vs yesterday');
  });

  it('shows a fall with a minus sign and one decimal', () => {
    expect(changeText(-3, 'yesterday')).toBe('-3.0% vs yesterday');
    expect(changeText(-100, 'last week')).toBe('-100.0% vs last week');
  });

  it('says there was nothing to compare with when the earlier period had no sales (null)', () => {
    expect(changeText(null, 'yesterday')).toBe('No sales yesterday');
    expect(changeText(null, 'last week')).toBe('No sales last week');
    expect(changeTrend(null)).toBe('none');
  });

  it('shows no change without a sign, also when it rounds to zero', () => {
    expect(changeText(0, 'yesterday')).toBe('0.0% vs yesterday');
    expect(changeText(-0.04, 'yesterday')).toBe('0.0% vs yesterday');
    expect(changeTrend(-0.04)).toBe('flat');
    expect(changeTrend(0.1)).toBe('up');
    expect(changeTrend(-0.1)).toBe('down');
  });

  it('counts new applications this month', () => {
    expect(newThisMonthText(2)).toBe('+2 new this month');
    expect(newThisMonthText(0)).toBe('+0 new this month');
  });
});

describe('dates and links', () => {
  it('shows local dates as they are, whatever the time zone of the browser', () => {
    expect(shortDate('2025-03-01')).toBe('Mar 1');
    expect(longDate('2025-03-01')).toBe('Sat, Mar 1, 2025');
  });

  it('shows the host of an app link, and the text itself when it is not a URL', () => {
    expect(hostOf('https://www.mission-meals.example/order')).toBe('mission-meals.example');
    expect(hostOf('not a url')).toBe('not a url');
  });
});

describe('the revenue chart caption', () => {
  it('sums the days in cents and names the best day', () => {
    const points = [
      { date: '2025-03-01', total: '0.10' },
      { date: '2025-03-02', total: '0.20' },
      { date: '2025-03-03', total: '0.05' },
    ];
    const { totalCents, best } = revenueSummary(points);
    expect(totalCents).toBe(35);
    expect(best?.date).toBe('2025-03-02');
  });

  it('has no best day when nothing was sold', () => {
    expect(revenueSummary([{ date: '2025-03-01', total: '0.00' }])).toEqual({
      totalCents: 0,
      best: null,
    });
    expect(revenueSummary([])).toEqual({ totalCents: 0, best: null });
  });
});
