import crypto from 'node:crypto';

/**
 * Equal strings, in time that depends on neither's content nor length: both are hashed first, so
 * timingSafeEqual always compares 32 bytes.
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest();
  return crypto.timingSafeEqual(digest(given), digest(expected)) && expected.length > 0;
}

/** One header's value; Node gives an array for a repeated header, and only the first counts. */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Message-ID without its angle brackets and spaces; null when there is none. */
export function bareMessageId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim().replace(/^<|>$/g, '').trim();
  return id === '' ? null : id.slice(0, 998); // 998: the longest line RFC 5322 allows
}
