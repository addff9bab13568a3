/** Small display rules for an investor card. */

/** docs/product.md §9: at most 3 expertise badges and 4 portfolio companies per card. */
export const MAX_EXPERTISE = 3;
export const MAX_COMPANIES = 4;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const number = (n: number) => n.toLocaleString('en-US');

/** '1,786 connections'. */
export const formatConnections = (n: number): string =>
  `${number(n)} ${plural(n, 'connection', 'connections')}`;

/** '25 companies'. */
export const formatPortfolioSize = (n: number): string =>
  `${number(n)} ${plural(n, 'company', 'companies')}`;

/** '12 investors' (counts in the import dialog). */
export const investorsCount = (n: number): string =>
  `${number(n)} ${plural(n, 'investor', 'investors')}`;

/** The first `max` items and how many are left out ('+N more'). */
export function firstOf<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** The fallback photo's letters: first and last word's initials ('Avery Lang' → 'AL'). */
export function initials(name: string): string {
  const words = name
    .replace(/\(.*?\)/g, ' ')
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));
  if (words.length === 0) return '?';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : '')).toUpperCase();
}

/** A `mailto:` link for the address on file, or null when there is none to write to. */
export function mailtoHref(email: string | null): string | null {
  const address = email?.trim();
  if (!address || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return null;
  return `mailto:${encodeURIComponent(address).replace('%40', '@')}`;
}
