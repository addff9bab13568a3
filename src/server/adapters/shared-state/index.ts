import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createPostgresCounterStore } from './postgres.js';
import { createRedisCounterStore } from './redis.js';
import { createFailoverCounterStore, type FailoverCounterStore } from './failover.js';
import type { CounterStore } from './types.js';

export type { CounterStore } from './types.js';
export { runOnceAcrossInstances } from './schedule.js';

export interface CounterStoreEvents {
  /** A Redis connection problem (ioredis reconnects by itself). */
  onError?: (error: Error) => void;
  /** The counts moved to the database (Redis unreachable) or back to Redis. */
  onSwitch?: (to: 'redis' | 'postgres', error?: Error) => void;
}

/**
 * Redis when REDIS_URL is set, with the database as its fallback while Redis is unreachable
 * (docs/decisions/025); else the database every instance already shares.
 */
export function createCounterStore(
  config: Pick<Config, 'redis'>,
  db: Db,
  events: CounterStoreEvents = {},
): CounterStore | FailoverCounterStore {
  if (!config.redis) return createPostgresCounterStore(db);
  const redis = createRedisCounterStore({
    ...config.redis,
    ...(events.onError ? { onError: events.onError } : {}),
  });
  return createFailoverCounterStore(
    redis,
    createPostgresCounterStore(db),
    events.onSwitch ?? (() => undefined),
  );
}

/** Where the shared counts go right now, for /readyz and the logs. */
export function counterStoreInUse(store: CounterStore): 'redis' | 'postgres' {
  return 'current' in store && typeof store.current === 'function'
    ? (store as FailoverCounterStore).current()
    : store.kind;
}
