import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../contract/lib/errors.js';
import { isDatabaseUnavailable } from '../db/errors.js';

/** An error whose message is meant for the person using the product. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(message);
  }
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large (the limit is 1 MB).',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
};

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not answering right now. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = '5';

/** Every error answer is `{message, issues?}`; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      // A dropped connection, a failover, a lock or statement timeout: this request fails, the
      // process and the other requests carry on, and the client may simply retry.
      request.log.warn(
        { err: error, reqId: request.id, method: request.method, url: request.url },
        'database unavailable',
      );
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return reply
        .status(503)
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ApiErrorBody);
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500 && error instanceof HttpError) {
      // An outside service failed (502, 503…) and the message says so in words meant for people.
      request.log.warn(
        { err: error, reqId: request.id, method: request.method, url: request.url },
        'request failed upstream',
      );
      return reply.status(status).send({ message: error.message } satisfies ApiErrorBody);
    }
    if (status >= 500) {
      request.log.error(
        { err: error, reqId: request.id, method: request.method, url: request.url },
        'request failed',
      );
      const body: ApiErrorBody = {
        message: 'Something went wrong on our side. Please try again in a moment.',
      };
      return reply.status(status === 503 ? 503 : 500).send(body);
    }
    const code = 'code' in error ? error.code : undefined;
    const body: ApiErrorBody = { message: (code && FASTIFY_MESSAGES[code]) || error.message };
    if (error instanceof HttpError && error.issues) body.issues = error.issues;
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ApiErrorBody = {
      message: `Not found: ${request.method} ${request.url.split('?')[0]}`,
    };
    return reply.status(404).send(body);
  });
}
