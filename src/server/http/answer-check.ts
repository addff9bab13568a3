import type { FastifyInstance } from 'fastify';
import type { Answer } from '../../contract/lib/answer.js';
import type { AnyEndpoint } from '../../contract/lib/endpoint.js';
import { HttpError } from './errors.js';

/**
 * Tests: every success a contract route answers is checked against the endpoint's answer
 * schema (src/contract/<domain>/answers.ts), so a handler whose answer drifts from the type the
 * page relies on fails the test that called it, with the fields that differ.
 */
export function registerAnswerCheck(app: FastifyInstance, answers: readonly Answer[]): void {
  const schemas = new Map<AnyEndpoint, Answer['schema']>(
    answers.map((a) => [a.endpoint, a.schema]),
  );
  // onSend sees every answer, also the ones a route serialised itself (the cached plan list).
  app.addHook('onSend', async (request, reply, payload) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint || reply.statusCode >= 300) return payload;
    const schema = schemas.get(endpoint);
    if (schema === undefined) {
      throw new HttpError(
        500,
        `${endpoint.method} ${endpoint.path} has no answer schema in the contract`,
      );
    }
    if (schema === null) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    const text =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    if (text === null || !type.startsWith('application/json')) {
      throw new HttpError(500, `${endpoint.method} ${endpoint.path} answered no JSON`);
    }
    const result = schema.safeParse(JSON.parse(text));
    if (!result.success) {
      const where = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new HttpError(
        500,
        `${endpoint.method} ${endpoint.path} answered outside its contract: ${where.join('; ')}`,
      );
    }
    return payload;
  });
}
