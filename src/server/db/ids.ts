/**
 * Ids from URLs are checked before they reach a query: PostgreSQL refuses a malformed uuid or an
 * integer out of range with an error, where the person should simply get a 404.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => UUID.test(id);

/** A `serial` id: a positive 32-bit integer. */
export const isSerialId = (id: number): boolean => Number.isInteger(id) && id > 0 && id < 2 ** 31;

/** Text a person typed, taken literally inside LIKE/ILIKE (`\` is LIKE's default escape). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');
