import type * as z from 'zod/mini';
import { HttpError } from './errors.js';

/**
 * Parses untrusted input with a contract schema; a failure answers 400 naming each failing
 * field with a message a person understands.
 */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  data: unknown,
  labels: Record<string, string> = {},
): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
  const names = [...new Set(issues.map((i) => labels[i.field] ?? i.field))];
  throw new HttpError(
    400,
    `Please check ${names.join(', ')}: ${issues[0]!.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}.`,
    issues,
  );
}
