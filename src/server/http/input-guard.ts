import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { isValidHost } from './host.js';

/**
 * Characters PostgreSQL cannot store in text: NUL (refused by the server, which a route would
 * answer with a 500) and lone UTF-16 surrogates (silently turned into U+FFFD on the way, so the
 * stored text would differ from what the route checked).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No request of this app nests deeper; deeper input is refused before anything recurses over it. */
export const MAX_INPUT_DEPTH = 32;

const CANNOT_STORE =
  'it contains a character we cannot store (a zero byte or a broken Unicode character)';
const TOO_DEEP = `it is nested more than ${MAX_INPUT_DEPTH} levels deep`;

export const hasUnstorableCharacter = (text: string): boolean => UNSTORABLE.test(text);

/** A field name fit to show: the bad characters themselves are written as escapes. */
const printable = (key: string) =>
  key.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what gets escaped
    /[\u0000-\u001f\uD800-\uDFFF]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * The first field of `value` (keys included) holding a character PostgreSQL cannot store, or
 * nested too deeply; null when the input is fine. Iterative, so a hostile depth cannot overflow the stack.
 */
export function findUnstorable(
  value: unknown,
  root: string,
): { field: string; message: string } | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [
    { value, path: [], depth: 0 },
  ];
  const fieldOf = (path: string[]) => (path.length > 0 ? path.map(printable).join('.') : root);
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (UNSTORABLE.test(item.value)) return { field: fieldOf(item.path), message: CANNOT_STORE };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || Buffer.isBuffer(item.value))
      continue;
    if (item.depth >= MAX_INPUT_DEPTH) return { field: fieldOf(item.path), message: TOO_DEEP };
    for (const [key, child] of Object.entries(item.value)) {
      const path = [...item.path, key];
      if (UNSTORABLE.test(key)) return { field: fieldOf(path), message: CANNOT_STORE };
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

function check(request: FastifyRequest): void {
  // A text body is an uploaded file (the investor CSV import); binary bodies (logos, Stripe's
  // signed webhook) are bytes, never stored as text, and pass untouched.
  const parts: [unknown, string][] = [
    [request.params, 'path'],
    [request.query, 'query'],
    [request.body, typeof request.body === 'string' ? 'file' : 'body'],
  ];
  for (const [value, root] of parts) {
    const issue = findUnstorable(value, root);
    // Written here, not from the catalog: the field's name is repeated as sent, unstorable character and all.
    if (issue)
      throw new HttpError(
        400,
        `Please check ${issue.field}: ${issue.message}.`,
        [{ ...issue, code: 'field_invalid' }],
        'validation',
        { fields: issue.field, first: issue.message, more: 0 },
      );
  }
}

/**
 * One guard for every route (docs/decisions/011): path parameters, query and body (keys too)
 * are checked before any route sees them, so no route can forget and none answers a 500 to them;
 * so is the Host header. Register it before the routes.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A Host that is no host name (`a@b`, `x/"><script>`) would break every URL built from it
  // (RFC 9112 asks for a 400); a request without one (HTTP/1.0) passes and gets the fallback origin.
  app.addHook('onRequest', (request, _reply, done) => {
    const host = request.host as string | undefined;
    if (host !== undefined && host !== '' && !isValidHost(host))
      return done(new HttpError(400, 'The Host header is not a valid host name.'));
    // Behind a trusted proxy the scheme comes from X-Forwarded-Proto.
    if (request.protocol !== 'http' && request.protocol !== 'https')
      return done(new HttpError(400, 'The forwarded protocol must be http or https.'));
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      check(request);
    } catch (error) {
      return done(error as HttpError);
    }
    done();
  });
}
