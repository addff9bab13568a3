import { describe, expect, it } from 'vitest';
import { formatMoney, knownMoney, moneyMadeDuring, type IntlFormatter } from './locale-format.js';

/** An `Intl` stand-in that counts its number formatting. */
function countingIntl(locale: string) {
  const calls: number[] = [];
  const intl: IntlFormatter = {
    locale,
    number: (value, format) => {
      calls.push(value);
      return new Intl.NumberFormat(locale === 'es' ? 'es-US' : 'en-US', format).format(value);
    },
    date: () => '',
  };
  return { intl, calls };
}

describe('money texts', () => {
  it('are made once per language and amount, and a render records those it showed', async () => {
    const { intl, calls } = countingIntl('en');
    const [, made] = await moneyMadeDuring(async () => {
      expect(formatMoney(intl, '311.00', 'usd', true)).toBe('$311');
      expect(formatMoney(intl, '311.00')).toBe('$311.00');
      expect(formatMoney(intl, '311.00', 'usd', true)).toBe('$311');
    });
    expect(calls).toEqual([311, 311]);
    expect(made).toEqual({ 'en usd short 311.00': '$311', 'en usd 311.00': '$311.00' });
    // Outside a render nothing is recorded; the Spanish text is a text of its own.
    const [, none] = await moneyMadeDuring(async () => undefined);
    expect(none).toEqual({});
    expect(formatMoney(countingIntl('es').intl, '311.00')).toBe('$311.00');
  });

  it('the server sent are used as they are (the browser hydrates without Intl)', () => {
    const { intl, calls } = countingIntl('es');
    knownMoney({ 'es usd 12.34': 'US$ 12,34 (server)', 'es usd 5.00': 5 as unknown as string });
    expect(formatMoney(intl, '12.34')).toBe('US$ 12,34 (server)');
    expect(calls).toEqual([]);
    // A text that is not a string is ignored.
    expect(formatMoney(intl, '5.00')).toBe('$5.00');
    expect(calls).toEqual([5]);
  });
});
