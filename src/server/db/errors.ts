/** PostgreSQL's unique_violation, whether the driver's error or Drizzle's wrapper of it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * PostgreSQL's codes for a connection that ended or cannot be made: admin_shutdown (failover,
 * pg_terminate_backend), crash_shutdown, cannot_connect_now (starting up), too_many_connections,
 * and class 08 (connection exception).
 */
const LOST = new Set(['57P01', '57P02', '57P03', '53300']);
/** statement_timeout, lock_timeout, and the two a retry resolves: serialization failure, deadlock. */
const BUSY = new Set(['57014', '55P03', '40001', '40P01']);
/** The socket's own failures, seen by `pg` before PostgreSQL could say anything. */
const SOCKET = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'DB_ACQUIRE_TIMEOUT',
]);
/** What `pg` and its pool say, without a code, when a connection is gone or none comes. */
const LOST_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|terminating connection)/;

/**
 * Whether `error` (or an error it wraps: Drizzle wraps the driver's in `cause`) means the database
 * is unreachable or too busy right now, rather than a fault in the request: such a request is
 * answered 503 with Retry-After, and only that request fails.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 8;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (LOST.has(code) || BUSY.has(code) || SOCKET.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    )
      return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_MESSAGE.test(message)) return true;
  }
  return false;
}
