import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody, ErrorCode, ErrorParams } from '../../contract/lib/errors.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { errorText } from '../locales.js';

/** An error whose message is meant for the person using the product. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: ApiErrorBody['issues'],
    /** Set for the errors a client can meet: their page shows the code's message in its language. */
    readonly code?: ErrorCode,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

/** An error a client can meet: its English message comes from the code's, so the two never differ. */
export const clientError = (
  status: number,
  code: ErrorCode,
  params?: ErrorParams,
  issues?: ApiErrorBody['issues'],
) => new HttpError(status, errorText(code, params), issues, code, params);

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'media_type',
};

export const DATABASE_UNAVAILABLE_MESSAGE = errorText('database_unavailable');
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
      return reply.status(503).send({
        message: DATABASE_UNAVAILABLE_MESSAGE,
        code: 'database_unavailable',
      } satisfies ApiErrorBody);
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
      return reply.status(status).send(bodyOf(error));
    }
    if (status >= 500) {
      request.log.error(
        { err: error, reqId: request.id, method: request.method, url: request.url },
        'request failed',
      );
      const body: ApiErrorBody = { message: errorText('server_error'), code: 'server_error' };
      return reply.status(status === 503 ? 503 : 500).send(body);
    }
    if (error instanceof HttpError) return reply.status(status).send(bodyOf(error));
    const fastifyCode = FASTIFY_CODES[error.code];
    const body: ApiErrorBody = fastifyCode
      ? { message: errorText(fastifyCode), code: fastifyCode }
      : { message: error.message };
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const params = { method: request.method, path: request.url.split('?')[0]! };
    const body: ApiErrorBody = {
      message: errorText('not_found', params),
      code: 'not_found',
      params,
    };
    return reply.status(404).send(body);
  });
}

/** The answer of an HttpError: its message, and its code, values and field issues when it has them. */
function bodyOf(error: HttpError): ApiErrorBody {
  const body: ApiErrorBody = { message: error.message };
  if (error.code) body.code = error.code;
  if (error.params) body.params = error.params;
  if (error.issues) body.issues = error.issues;
  return body;
}
