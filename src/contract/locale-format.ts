import type { Locale } from './routes.js';

/**
 * The `Intl` locale of each language: prices and dates as our clients in the US read them
 * ('$299.00' in both; 'November 24, 2026' and '24 de noviembre de 2026').
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** What formats numbers and dates in one language: Lingui's `i18n` (its `number` and `date` use `Intl`). */
export interface IntlFormatter {
  number(value: number, format?: Intl.NumberFormatOptions): string;
  date(value: string | Date, format?: Intl.DateTimeFormatOptions): string;
}

/**
 * A decimal string of the API ('299.00') as money: '$299.00'. With `short`, whole amounts lose
 * their cents ('$449', but '$99.50'), as the plan cards and 'After 12 months $...' show them.
 */
export function formatMoney(intl: IntlFormatter, decimal: string, currency = 'usd', short = false): string {
  const value = Number(decimal);
  const whole = short && Number.isInteger(value);
  return intl.number(value, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
}

/**
 * A day as words: 'November 24, 2026', '24 de noviembre de 2026'. In UTC, as the server bills:
 * a period that ends at midnight UTC does not show the day before to a client west of Greenwich.
 */
export function formatLongDate(intl: IntlFormatter, iso: string | Date): string {
  return intl.date(iso, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
