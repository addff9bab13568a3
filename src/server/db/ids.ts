import { DB_INT_MAX, parseDbId } from '../../contract/lib/db-int.js';

/**
 * Ids from URLs are checked before they reach a query: PostgreSQL refuses a malformed uuid or an
 * integer out of range with an error, where the person should simply get a 404.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => UUID.test(id);

/** A `serial` id: a positive 32-bit integer. */
export const isSerialId = (id: number): boolean =>
  Number.isInteger(id) && id > 0 && id <= DB_INT_MAX;

/**
 * A `serial` id from a URL path (`/api/portfolio/:id`), read strictly: `0x10`, `1e1` or `7.0`
 * name no row (Number() would read them as 16, 10 and 7). NaN, which `isSerialId` refuses (the
 * services answer 404), when the text names no row that can exist.
 */
export const serialIdParam = (text: string): number => parseDbId(text) ?? Number.NaN;

/** Text a person typed, taken literally inside LIKE/ILIKE (`\` is LIKE's default escape). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');
