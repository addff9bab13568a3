import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createPostgresCounterStore } from './postgres.js';
import { createRedisCounterStore } from './redis.js';
import type { CounterStore } from './types.js';

export type { CounterStore } from './types.js';
export { runOnceAcrossInstances } from './schedule.js';

/** Redis when REDIS_URL is set, else the database every instance already shares. */
export function createCounterStore(config: Pick<Config, 'redis'>, db: Db, onError?: (error: Error) => void): CounterStore {
  return config.redis ? createRedisCounterStore({ ...config.redis, ...(onError ? { onError } : {}) }) : createPostgresCounterStore(db);
}
