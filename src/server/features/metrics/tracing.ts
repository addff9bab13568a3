import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Span } from '@opentelemetry/api';
import type { Config } from '../../config.js';

type Tracing = NonNullable<Config['tracing']>;

/**
 * OpenTelemetry traces, only with OTEL_EXPORTER_OTLP_ENDPOINT: one server span per request, named
 * by method and route template, exported over OTLP/HTTP in batches. The SDK is imported here, on
 * demand, so a server without the variable loads none of it. A `traceparent` header from the
 * proxy makes the span its child. The provider is this app's own (not registered globally), and
 * closing the app flushes what is still buffered.
 */
export async function traceRequests(app: FastifyInstance, tracing: Tracing): Promise<void> {
  const [api, core, resources, sdk, exporter, conventions] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const provider = new sdk.BasicTracerProvider({
    resource: resources.resourceFromAttributes({
      [conventions.ATTR_SERVICE_NAME]: tracing.serviceName,
    }),
    spanProcessors: [
      new sdk.BatchSpanProcessor(
        new exporter.OTLPTraceExporter({
          url: `${tracing.endpoint}/v1/traces`,
          headers: tracing.headers,
          timeoutMillis: 10_000,
        }),
      ),
    ],
  });
  const tracer = provider.getTracer('agency-http');
  const propagator = new core.W3CTraceContextPropagator();
  const spans = new WeakMap<FastifyRequest, Span>();

  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagator.extract(api.ROOT_CONTEXT, request.headers, api.defaultTextMapGetter);
    const route = request.routeOptions.url;
    spans.set(
      request,
      tracer.startSpan(
        route ? `${request.method} ${route}` : request.method,
        {
          kind: api.SpanKind.SERVER,
          attributes: {
            [conventions.ATTR_HTTP_REQUEST_METHOD]: request.method,
            [conventions.ATTR_URL_PATH]: request.url.split('?')[0],
            ...(route ? { [conventions.ATTR_HTTP_ROUTE]: route } : {}),
          },
        },
        parent,
      ),
    );
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      const status = reply.statusCode;
      span.setAttribute(conventions.ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      // A server span is an error for 5xx only: a 4xx is the client's (OpenTelemetry's HTTP conventions).
      if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  app.addHook('onClose', async () => {
    await provider.shutdown();
  });
}
