import type { CounterStore } from './types.js';

/** A store that can say, without a round trip, whether it is connected right now. */
export interface ConnectedCounterStore extends CounterStore {
  connected(): boolean;
}

export interface FailoverCounterStore extends CounterStore {
  /** Where the next count goes: Redis, or the database while Redis is unreachable. */
  current(): 'redis' | 'postgres';
}

/**
 * Redis first, the database when Redis is unreachable (docs/decisions/025): a limited route keeps
 * answering, and because every instance falls back to the same database the limits still hold
 * across instances. A hit never waits on a Redis that is known to be down; one that fails on the
 * way is counted in the database instead. Counts restart from 0 in the store switched to.
 */
export function createFailoverCounterStore(
  primary: ConnectedCounterStore,
  fallback: CounterStore,
  onSwitch: (to: 'redis' | 'postgres', error?: Error) => void,
): FailoverCounterStore {
  let using: 'redis' | 'postgres' = 'redis';
  const use = (to: 'redis' | 'postgres', error?: Error) => {
    if (using === to) return;
    using = to;
    onSwitch(to, error);
  };

  async function run<T>(work: (store: CounterStore) => Promise<T>): Promise<T> {
    if (!primary.connected()) {
      use('postgres');
      return work(fallback);
    }
    try {
      const result = await work(primary);
      use('redis');
      return result;
    } catch (error) {
      use('postgres', error instanceof Error ? error : new Error(String(error)));
      return work(fallback);
    }
  }

  return {
    kind: 'redis',
    current: () => (primary.connected() ? 'redis' : 'postgres'),
    hit: (key, windowMs) => run((store) => store.hit(key, windowMs)),
    async reset(key) {
      // Forgotten in both: a counter made during an outage must not outlive it. Only the failure of
      // the store in use is the caller's problem.
      const [inRedis, inDatabase] = await Promise.allSettled([
        primary.connected() ? primary.reset(key) : undefined,
        fallback.reset(key),
      ]);
      const failed = using === 'redis' && primary.connected() ? inRedis : inDatabase;
      if (failed.status === 'rejected') throw failed.reason;
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
