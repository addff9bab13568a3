import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig } from '../../test/databases.js';
import { startLocalServer } from '../../test/local-server.js';
import { listPlans } from '../../../contract/plans/list.js';

const UNKNOWN = `${listPlans.path}-no-such-thing/77`;

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
}
interface OtlpSpan {
  name: string;
  kind: number;
  traceId: string;
  parentSpanId?: string;
  attributes: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** A stand-in OpenTelemetry collector: takes OTLP/HTTP JSON exports at POST /v1/traces. */
const exports: { path: string; headers: Record<string, unknown>; body: OtlpExport }[] = [];
const collector = await startLocalServer((req, body, res) => {
  exports.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(body) as OtlpExport });
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
});
afterAll(() => collector.close());

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

it('with OTEL_EXPORTER_OTLP_ENDPOINT, sends a span per request with its route and status', async () => {
  const testDb = await createTestDatabase('pglite', { seed: false });
  const app = await buildApp({
    config: testConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=secret%20value',
      OTEL_SERVICE_NAME: 'agency-test',
    }),
    database: testDb.database,
  });
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  try {
    const plans = await app.inject({
      url: `${listPlans.path}?x=1`,
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(plans.statusCode).toBe(200);
    expect((await app.inject(UNKNOWN)).statusCode).toBe(404);
  } finally {
    // Closing the app flushes the batch: no waiting on the exporter's timer.
    await app.close();
    await testDb.cleanup();
  }

  expect(exports.length).toBeGreaterThan(0);
  expect(exports.every((e) => e.path === '/v1/traces')).toBe(true);
  expect(exports[0]?.headers['x-collector-key']).toBe('secret value');
  const resource = exports[0]?.body.resourceSpans[0]?.resource.attributes ?? [];
  expect(resource.find((a) => a.key === 'service.name')?.value.stringValue).toBe('agency-test');
  const spans = exports.flatMap((e) =>
    e.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
  );
  const plans = spans.find((s) => s.name === `GET ${listPlans.path}`);
  expect(plans, spans.map((s) => s.name).join(', ')).toBeDefined();
  expect(attribute(plans!, 'http.route')).toBe(listPlans.path);
  expect(attribute(plans!, 'http.response.status_code')).toBe(200);
  expect(attribute(plans!, 'http.request.method')).toBe('GET');
  expect(attribute(plans!, 'url.path')).toBe(listPlans.path);
  expect(plans!.kind).toBe(2); // SERVER
  // The proxy's traceparent makes it part of the proxy's trace.
  expect(plans!.traceId).toBe(traceId);
  expect(plans!.parentSpanId).toBe('00f067aa0ba902b7');

  const unmatched = spans.find((s) => attribute(s, 'url.path') === UNKNOWN);
  expect(unmatched?.name).toBe('GET');
  expect(attribute(unmatched!, 'http.response.status_code')).toBe(404);
  expect(attribute(unmatched!, 'http.route')).toBeUndefined();
});
