import type { CounterStore } from './types.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * `@fastify/rate-limit`'s store interface over the shared counters, so a route's limit holds
 * across every instance. The plugin constructs it itself (`new Store(options)`), hence a class
 * made per counter store; each limited route gets its own key space, as with the plugin's stores.
 */
export function fastifyRateLimitStore(counters: CounterStore) {
  return class SharedRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'http:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): SharedRateLimitStore {
      const route = (routeOptions as RouteOptions).routeInfo ?? {};
      return new SharedRateLimitStore(
        undefined,
        `${this.prefix}${[route.method ?? ''].flat().join(',')}${route.url ?? ''}:`,
      );
    }
  };
}
