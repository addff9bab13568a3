import * as z from 'zod/mini';

/**
 * Whole numbers as the database holds them. PostgreSQL's `integer` and `serial` hold
 * -2^31..2^31-1 and refuse anything else with an error (a 500 if it got that far), so every
 * integer the contract takes is bounded here first and answers 400 naming the field. Zod's own
 * `z.int()` only stops at 2^53. Imported by contract files that already use zod only: the
 * landing page's zod-free files stay so.
 */
export const DB_INT_MAX = 2_147_483_647;
export const DB_INT_MIN = -2_147_483_648;

function inRange(min: number, max: number): void {
  if (!(
    Number.isSafeInteger(min) &&
    Number.isSafeInteger(max) &&
    DB_INT_MIN <= min &&
    min <= max &&
    max <= DB_INT_MAX
  ))
    throw new Error(`${min}..${max} is not a range a database integer holds`);
}

/** A whole number from JSON within `min..max` (by default 0..2^31-1, a count); `message` names the field and its range. */
export function dbInt(message: string, min = 0, max = DB_INT_MAX) {
  inRange(min, max);
  return z.int(message).check(z.gte(min, message), z.lte(max, message));
}

/** The same from text (a query string or a CSV cell): '12' → 12; 1.5, 'x' and 2^31 are refused. */
export function dbIntFromText(message: string, min = 0, max = DB_INT_MAX) {
  inRange(min, max);
  return z.coerce.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message));
}

/** The id of a `serial` row: 1..2^31-1. A number past it names no row and cannot be asked for. */
export const dbId = (message: string) => dbInt(message, 1);
export const dbIdFromText = (message: string) => dbIntFromText(message, 1);

/** `?page=`: 1 by default, at most what an integer holds (a list never has that many pages; the offset stays a safe integer). */
export const pageNumber = () =>
  z._default(
    z.coerce
      .number('Page must be a whole number')
      .check(
        z.int('Page must be a whole number'),
        z.gte(1, 'Page must be 1 or more'),
        z.lte(DB_INT_MAX, `Page must be at most ${DB_INT_MAX}`),
      ),
    1,
  );

/**
 * A row id from a URL path (`/api/portfolio/:id`), read strictly: digits only, 1..2^31-1, so
 * `0x10`, `1e1`, ` 7` or `7.0` are no other row's id. Null when it names no row that can exist.
 */
export function parseDbId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= DB_INT_MAX ? id : null;
}
