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
export function gatedPglite(
  client: PGlite,
  timeoutMs: number,
  waits?: { listening(): boolean; report(startedMs: number): void },
): Pick<PGlite, 'query' | 'transaction'> & {
  stats(): { busy: boolean; waiting: number };
  /** Runs `fn` holding the connection, waiting as long as it takes: no transaction is open meanwhile (a backup's dump). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
} {
  let busy = false;
  const waiting: { go(): void }[] = [];

  function take(bounded = true): Promise<void> {
    if (!waits?.listening()) return wait(bounded);
    const started = performance.now();
    const waited = () => waits.report(started);
    return wait(bounded).then(waited, (error: unknown) => {
      waited();
      throw error;
    });
  }
  function wait(bounded: boolean): Promise<void> {
    if (!busy) {
      busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      let done = false;
      const entry = {
        go() {
          // It gave up while its turn was on the way: the turn passes to the next one.
          if (done) return give();
          done = true;
          if (timer) clearTimeout(timer);
          resolve();
        },
      };
      const timer =
        bounded && timeoutMs > 0
          ? setTimeout(() => {
              if (done) return;
              done = true;
              const at = waiting.indexOf(entry);
              if (at >= 0) waiting.splice(at, 1);
              reject(new ConnectionWaitTimeout(timeoutMs));
            }, timeoutMs)
          : undefined;
      waiting.push(entry);
    });
  }
  function give() {
    const next = waiting.shift();
    if (!next) {
      busy = false;
      return;
    }
    // The next query starts on a later turn of the event loop. PGlite runs each query synchronously
    // inside this process; handed over at once, the queries many requests queued would run back to
    // back in one chain of microtasks, and nothing else (`/healthz`, timers, I/O) would run meanwhile
    // (25 requests at once held the event loop for 100-300 ms).
    setImmediate(() => next.go());
  }
  async function run<T>(fn: () => Promise<T>, bounded = true): Promise<T> {
    await take(bounded);
    try {
      return await fn();
    } finally {
      give();
    }
  }
  return {
    query: ((...args: Parameters<PGlite['query']>) =>
      run(() => client.query(...args))) as PGlite['query'],
    transaction: ((fn: Parameters<PGlite['transaction']>[0]) =>
      run(() => client.transaction(fn))) as PGlite['transaction'],
    stats: () => ({ busy, waiting: waiting.length }),
    exclusive: (fn) => run(fn, false),
  };
}
