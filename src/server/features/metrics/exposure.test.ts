import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/databases.js';
import { startLocalServer } from '../../test/local-server.js';
import { listPlans } from '../../../contract/plans/list.js';
import { parseExposition, sampleValue } from './scrape.js';

const TOKEN = 'another-metrics-token-for-tests';
let testDb: TestDatabase | undefined;
let app: FastifyInstance | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  await testDb?.cleanup();
  testDb = undefined;
  for (const close of closers.splice(0)) await close();
});

async function start(env: NodeJS.ProcessEnv) {
  testDb = await createTestDatabase('pglite', { seed: false });
  app = await buildApp({ config: testConfig(env), database: testDb.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const main = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const metrics = app.metricsAddress?.();
  return { app, main, metrics: metrics && `http://127.0.0.1:${metrics.port}` };
}

describe('where /metrics is served', () => {
  it('nowhere without METRICS_TOKEN or METRICS_PORT: 404, and no hook counts anything', async () => {
    const { app, main } = await start({});
    const res = await fetch(`${main}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('agency_');
    expect(app.services.metrics.registry).toBeUndefined();
  });

  it('with METRICS_PORT only: on that port (127.0.0.1 by default), never on the main one', async () => {
    const { main, metrics } = await start({ METRICS_PORT: '0' });
    expect(metrics).toBeDefined();
    expect(app?.metricsAddress?.()?.address).toBe('127.0.0.1');
    expect((await fetch(`${main}/metrics`)).status).toBe(404);
    await fetch(`${main}/api/subscription-plans`);

    const res = await fetch(`${metrics}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(await res.text());
    const labels = { method: 'GET', route: listPlans.path, status_code: '200' };
    expect(sampleValue(samples, 'agency_http_request_duration_seconds_count', labels)).toBe(1);
    // That port serves nothing else.
    for (const path of ['/', listPlans.path, '/metrics/x', '/healthz']) {
      const other = await fetch(`${metrics}${path}`);
      expect(other.status, path).toBe(404);
      expect(await other.json()).toEqual({
        message: 'Not found: this port serves GET /metrics only.',
      });
    }
    expect((await fetch(`${metrics}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('with METRICS_PORT and METRICS_TOKEN: both places ask for the token', async () => {
    const { main, metrics } = await start({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    for (const base of [main, metrics]) {
      expect((await fetch(`${base}/metrics`)).status, base).toBe(401);
      const wrong = await fetch(`${base}/metrics`, {
        headers: { authorization: 'Bearer not-the-metrics-token' },
      });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).not.toContain('agency_');
      const right = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain('# TYPE agency_http_request_duration_seconds histogram');
    }
  });

  it('closes the metrics port with the app', async () => {
    const { metrics } = await start({ METRICS_PORT: '0' });
    expect((await fetch(`${metrics}/metrics`)).status).toBe(200);
    await app?.close();
    app = undefined;
    await expect(fetch(`${metrics}/metrics`)).rejects.toThrow();
  });

  it('a METRICS_PORT in use stops the start instead of serving without metrics', async () => {
    const busy = await startLocalServer((_req, _body, res) => void res.end());
    closers.push(busy.close);
    testDb = await createTestDatabase('pglite', { seed: false });
    app = await buildApp({
      config: testConfig({ METRICS_PORT: String(busy.port) }),
      database: testDb.database,
    });
    await expect(app.listen({ port: 0, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('the monitoring settings', () => {
  it('refuse a short token and a METRICS_PORT equal to PORT, naming them', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
    expect(() => testConfig({ PORT: '5000', METRICS_PORT: '5000' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
    expect(() => testConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'no pairs here' })).toThrow(
      /OTEL_EXPORTER_OTLP_HEADERS/,
    );
  });

  it('read the OTLP endpoint, its headers and the service name', () => {
    expect(testConfig({}).tracing).toBeUndefined();
    expect(
      testConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
        OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D1, x-team = ops',
      }).tracing,
    ).toEqual({
      endpoint: 'http://collector:4318',
      headers: { 'x-api-key': 'abc=1', 'x-team': 'ops' },
      serviceName: 'agency',
    });
    expect(testConfig({}).metrics).toEqual({
      token: undefined,
      port: undefined,
      host: '127.0.0.1',
    });
  });
});
