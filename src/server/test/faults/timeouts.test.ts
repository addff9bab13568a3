import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../db/client.js';
import { TEST_DATABASES } from '../databases.js';
import { appUnderTest } from '../app-under-test.js';

const SLOW_CLIENT_BOUND_MS = 1_000;

describe.each(TEST_DATABASES)('every wait has a bound, on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    role: null,
    httpTimeouts: {
      requestMs: SLOW_CLIENT_BOUND_MS,
      headersMs: SLOW_CLIENT_BOUND_MS,
      checkIntervalMs: 100,
    },
  });
  let base: { host: string; port: number };

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address() as net.AddressInfo;
    base = { host: '127.0.0.1', port: address.port };
  });

  /** Holds `lock table subscription_plans in access exclusive mode` until `release` is called. */
  async function lockPlans(): Promise<{ release(): Promise<void> }> {
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: ctx.testDb.url });
      await client.connect();
      await client.query('begin; lock table subscription_plans in access exclusive mode');
      return {
        async release() {
          await client.query('rollback');
          await client.end();
        },
      };
    }
    // PGlite: a transaction holds its one connection, the same situation for every other query.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const done = ctx.testDb.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table subscription_plans in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    return {
      async release() {
        release();
        await done;
      },
    };
  }

  it('a locked table answers 503 within the lock (or connection) timeout instead of hanging, /readyz within 2 s, and all is well once the lock goes', async () => {
    const lock = await lockPlans();
    try {
      // The plan list is cached once read: this app has not read it yet, so this goes to the database.
      let start = Date.now();
      const plans = await ctx.app.inject({ url: '/api/subscription-plans' });
      const waited = Date.now() - start;
      expect(plans.statusCode).toBe(503);
      expect(plans.json()).toEqual({
        message: 'The database is not answering right now. Please try again in a moment.',
        code: 'database_unavailable',
      });
      expect(plans.headers['retry-after']).toBe('5');
      const bound =
        kind === 'postgres'
          ? DEFAULT_DATABASE_TIMEOUTS.lockMs
          : DEFAULT_DATABASE_TIMEOUTS.acquireMs;
      expect(waited).toBeGreaterThanOrEqual(bound - 100);
      expect(waited).toBeLessThan(bound + 1_500);

      start = Date.now();
      const ready = await ctx.app.inject({ url: '/readyz' });
      expect(Date.now() - start).toBeLessThan(2_500);
      // PostgreSQL still answers `select 1` beside the locked table; PGlite's one connection is held.
      expect(ready.statusCode).toBe(kind === 'postgres' ? 200 : 503);
    } finally {
      await lock.release();
    }
    expect((await ctx.app.inject({ url: '/api/subscription-plans' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  /** Opens a socket, sends `head` and then `trickle` one byte every 100 ms; resolves with what came back and when the server closed. */
  function trickle(
    head: string,
    slow: string,
  ): Promise<{ answer: string; closedAfterMs: number; bytesSent: number }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(base.port, base.host);
      const start = Date.now();
      let answer = '';
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => {
          if (sent < slow.length && socket.writable) socket.write(slow[sent++]!);
        }, 100);
      });
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => {}); // a reset after the answer is the point
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, closedAfterMs: Date.now() - start, bytesSent: sent });
      });
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server still listened after 10 s (${sent} bytes sent)`));
      }, 10_000);
    });
  }

  it('cuts off a client that sends its body a byte at a time (408)', async () => {
    const body = JSON.stringify({
      businessName: 'Slow Bakery',
      ownerName: 'Sam Example',
      email: 'slow@example.com',
      businessType: 'Restaurant',
      subscriptionPlan: 'growing',
    });
    const head = `POST /api/business-registration HTTP/1.1\r\nHost: ${base.host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const result = await trickle(head, body);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.bytesSent).toBeLessThan(body.length);
    expect(result.closedAfterMs).toBeLessThan(SLOW_CLIENT_BOUND_MS + 1_000);
  });

  it('cuts off a client that sends its headers a byte at a time (408)', async () => {
    const headers = `GET /api/subscription-plans HTTP/1.1\r\nHost: ${base.host}\r\nX-Slow: ${'a'.repeat(80)}\r\n\r\n`;
    const result = await trickle('', headers);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.bytesSent).toBeLessThan(headers.length);
    expect(result.closedAfterMs).toBeLessThan(SLOW_CLIENT_BOUND_MS + 1_000);
  });
});
