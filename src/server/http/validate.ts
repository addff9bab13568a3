import type * as z from 'zod/mini';
import type { ErrorCode, FieldIssue } from '../../contract/lib/errors.js';
import { clientError } from './errors.js';

/**
 * Parses untrusted input with a contract schema; a failure answers 400 naming each failing
 * field with a message a person understands, and a code a page shows in its own language.
 */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  data: unknown,
  labels: Record<string, string> = {},
): z.output<S> {
  const result = schema.safeParse(data ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue): FieldIssue => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
    ...issueCode(issue),
  }));
  const names = [...new Set(issues.map((i) => labels[i.field] ?? i.field))];
  throw clientError(
    400,
    'validation',
    { fields: names.join(', '), first: issues[0]!.message, more: issues.length - 1 },
    issues,
  );
}

/**
 * The code of a schema's complaint, by its kind: nothing given, too long, not an e-mail address,
 * not one of the choices. A check may name its own (`params: { code: 'field_web_address' }`).
 */
export function issueCode(issue: z.core.$ZodIssue): Pick<FieldIssue, 'code' | 'params'> {
  const { code: own, ...params } = (issue as { params?: { code?: string } }).params ?? {};
  if (own) return Object.keys(params).length ? { code: own, params } : { code: own };
  const blank = issue.input === undefined || issue.input === null || issue.input === '';
  let code: ErrorCode = 'field_invalid';
  if (blank && (issue.code === 'invalid_type' || issue.code === 'too_small'))
    code = 'field_required';
  else if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
    code = 'field_required';
  else if (issue.code === 'too_big' && issue.origin === 'string')
    return { code: 'field_too_long', params: { max: Number(issue.maximum) } };
  else if (issue.code === 'invalid_format' && issue.format === 'email') code = 'field_email';
  else if (issue.code === 'invalid_value') code = 'field_choose';
  return { code };
}
