import { Redis } from 'ioredis';
import type { ConnectedCounterStore } from './failover.js';

/** INCR and, on a new key (or one that somehow lost its expiry), PEXPIRE, in one atomic script. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type WithHit = Redis & { agencyHit(key: string, windowMs: number): Promise<[number, number]> };

/** Counters in Redis under `keyPrefix` (several apps or tests can share one Redis). */
export function createRedisCounterStore(options: {
  url: string;
  keyPrefix: string;
  onError?: (error: Error) => void;
}): ConnectedCounterStore {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // Every wait has a bound: a Redis that does not answer fails the request instead of holding it.
    connectTimeout: 5_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
  }) as WithHit;
  // Without a listener a lost connection would be an unhandled 'error' event; ioredis reconnects by itself.
  redis.on('error', (error: Error) => options.onError?.(error));
  redis.defineCommand('agencyHit', { numberOfKeys: 1, lua: HIT });

  return {
    kind: 'redis',
    connected: () => redis.status === 'ready',
    async hit(key, windowMs) {
      const [count, ttl] = await redis.agencyHit(key, Math.max(1, Math.round(windowMs)));
      return { count: Number(count), msLeft: Math.max(0, Number(ttl)) };
    },
    async reset(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
