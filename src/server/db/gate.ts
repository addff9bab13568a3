import type { PGlite } from '@electric-sql/pglite';

/** Raised when a request waited too long for the database connection; answered as a 503. */
export class ConnectionWaitTimeout extends Error {
  readonly code = 'DB_ACQUIRE_TIMEOUT';
  constructor(timeoutMs: number) {
    super(`timeout exceeded when trying to get a database connection (${timeoutMs} ms)`);
  }
}

/**
 * PGlite has one connection, and a transaction holds it until it ends: every other query waits in
 * PGlite's own queue, which has no bound and cannot be left. This queue in front of it can: a
 * caller that waited `timeoutMs` gives up (like the pg pool's `connectionTimeoutMillis`) and
 * never runs later. Queries inside a transaction use the transaction's handle, not this queue.
 */
export function gatedPglite(client: PGlite, timeoutMs: number): Pick<PGlite, 'query' | 'transaction'> {
  let busy = false;
  const waiting: { go(): void }[] = [];

  function take(): Promise<void> {
    if (!busy) {
      busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        go() {
          if (timer) clearTimeout(timer);
          resolve();
        },
      };
      const timer =
        timeoutMs > 0
          ? setTimeout(() => {
              waiting.splice(waiting.indexOf(entry), 1);
              reject(new ConnectionWaitTimeout(timeoutMs));
            }, timeoutMs)
          : undefined;
      waiting.push(entry);
    });
  }
  function give() {
    const next = waiting.shift();
    if (next) next.go();
    else busy = false;
  }
  async function run<T>(fn: () => Promise<T>): Promise<T> {
    await take();
    try {
      return await fn();
    } finally {
      give();
    }
  }
  return {
    query: ((...args: Parameters<PGlite['query']>) => run(() => client.query(...args))) as PGlite['query'],
    transaction: ((fn: Parameters<PGlite['transaction']>[0]) => run(() => client.transaction(fn))) as PGlite['transaction'],
  };
}
