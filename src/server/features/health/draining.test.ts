import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../../http/server.js';
import { createTestDatabase, type TestDatabase } from '../../test/databases.js';
import { healthRoutes } from './routes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('readiness while draining, and request ids', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite', { seed: false });
    app = createServer({ trustProxy: false });
    await app.register(healthRoutes, {
      database: testDb.database,
      draining: () => app.lifecycle.draining,
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('fails /readyz while draining and closes each connection, serving the rest', async () => {
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers.connection).not.toBe('close');

    app.lifecycle.draining = true;
    try {
      const draining = await app.inject({ url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ message: 'This instance is shutting down.' });
      const alive = await app.inject({ url: '/healthz' });
      expect(alive.statusCode).toBe(200);
      expect(alive.headers.connection).toBe('close');
    } finally {
      app.lifecycle.draining = false;
    }
  });

  it('gives every request a random id in X-Request-Id, keeping a proxy’s safe one', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const answer = await app.inject({ url: '/healthz' });
        return String(answer.headers['x-request-id']);
      }),
    );
    expect(ids.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(20);

    const kept = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'edge:4bf92f3577b34da6' },
    });
    expect(kept.headers['x-request-id']).toBe('edge:4bf92f3577b34da6');
    for (const unsafe of ['short', 'a b c d e f g h', 'x'.repeat(101), 'id"},"level":60,"x":"y'])
      expect(
        (await app.inject({ url: '/healthz', headers: { 'x-request-id': unsafe } })).headers[
          'x-request-id'
        ],
      ).toMatch(UUID);
  });
});
