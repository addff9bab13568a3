/**
 * Counters every instance of the app shares (rate limits, sign-in attempts, used one-time codes):
 * in PostgreSQL by default, in Redis when REDIS_URL is set. A counter lives for a fixed window
 * from its first hit, then starts again at 1.
 */
export interface CounterStore {
  readonly kind: 'postgres' | 'redis';
  /** Counts one hit atomically (no read-then-write): answers the count so far in this window and the ms left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; msLeft: number }>;
  /** Forgets a counter (a sign-in that ended well, a code claim that failed). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
