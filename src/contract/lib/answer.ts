import * as z from 'zod/mini';
import type { AnyEndpoint, OutputOf } from './endpoint.js';

/**
 * What an endpoint answers, as a schema the tests check every answer against (the type the
 * page relies on is the endpoint's `Output`; the schema must produce it). Object schemas are
 * strict, so a field the type does not declare (a leaked column) fails the check too. Each
 * domain lists its answers in its `answers.ts`, which only the server's tests load.
 */
export interface Answer {
  endpoint: AnyEndpoint;
  /** null: the success has no JSON body to check (a file, a redirect, nothing). */
  schema: z.ZodMiniType | null;
}

export function answer<E extends AnyEndpoint>(
  endpoint: E,
  schema: z.ZodMiniType<OutputOf<E>> | null,
): Answer {
  return { endpoint, schema };
}

// Field shapes the answers share.
/** Money at the API: a decimal string with cents ('299.00', '-49.50'). */
export const decimal = () => z.string().check(z.regex(/^-?\d+\.\d{2}$/));
/** An ISO 8601 time as JSON carries a Date ('2026-11-27T10:00:00.000Z'). */
export const isoTime = () => z.iso.datetime({ offset: true });
/** A calendar date, YYYY-MM-DD. */
export const isoDate = () => z.iso.date();
