import type { AnyEndpoint, OutputOf, QueryOf } from '../../contract/lib/endpoint';
import { ApiError, inPageLanguage, request, throwIfNotOk, type BodyOption } from './api-core';

// The API client: every call names an endpoint of the contract (method, path, input, output),
// sends cookies and turns a non-2xx answer into an ApiError ('{status}: {body}').
export {
  ApiError,
  callPath,
  errorMessage,
  getJson,
  inPageLanguage,
  throwIfNotOk,
} from './api-core';

/** Why a payment failed, as the server keeps it (Stripe's words and decline code), in the page's language. */
export const declineText = <T extends string | null>(code: string | null, message: T) =>
  (code ? inPageLanguage({ code }) : undefined) ?? message;

/**
 * Field errors the server listed with a 400 answer,
 * each in the page's language when it has the code's (only pages after the first load need them).
 */
export function fieldIssues(error: unknown): Record<string, string> {
  const issues = (error instanceof ApiError ? error.errorBody?.issues : undefined) ?? [];
  return Object.fromEntries(issues.map((i) => [i.field, inPageLanguage(i) ?? i.message]));
}

/** A query string from a record, in its order; undefined, null and '' values are left out. */
export function queryString(query: object): string {
  // URLSearchParams turns each value into text (2 → '2').
  return new URLSearchParams(
    Object.entries(query).filter(([, value]) => value != null && value !== '') as string[][],
  ).toString();
}

export interface UrlOptions<Query> {
  /** The path's `:name` parameters (encoded here). */
  params?: Record<string, string | number>;
  query?: Query;
}

/** The endpoint's URL: its `:name` parameters filled in and encoded, the query appended when it has any value. */
export function apiUrl<E extends AnyEndpoint>(
  endpoint: E,
  { params = {}, query }: UrlOptions<QueryOf<E>> = {},
): string {
  const qs = queryString((query ?? {}) as object);
  return (
    endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(params[name] ?? missing(endpoint, name)),
    ) + (qs && `?${qs}`)
  );
}

function missing(endpoint: AnyEndpoint, name: string): never {
  throw new Error(`${endpoint.path}: no value for :${name}`);
}

export type CallOptions<E extends AnyEndpoint> = UrlOptions<QueryOf<E>> & BodyOption<E>;
/** The options may be left out when the endpoint takes no body. */
type CallArgs<E extends AnyEndpoint> =
  BodyOption<E> extends { body: unknown } ? [options: CallOptions<E>] : [options?: CallOptions<E>];

/** Calls an endpoint and answers the successful Response itself, for an answer whose status says something. */
export function fetchApi<E extends AnyEndpoint>(
  endpoint: E,
  ...[options = {} as CallOptions<E>]: CallArgs<E>
): Promise<Response> {
  const url = apiUrl(endpoint, options);
  return endpoint.contentType
    ? sendAsIs(endpoint.method, url, options.body as BodyInit, endpoint.contentType)
    : request(endpoint.method, url, options.body);
}

/** The raw-body variant: the body (a CSV file's text) goes as it is, under the endpoint's content type. */
async function sendAsIs(
  method: string,
  url: string,
  body: BodyInit,
  contentType: string,
): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { 'content-type': contentType },
    body,
  });
  await throwIfNotOk(response);
  return response;
}

/** Calls an endpoint and answers its output (undefined for 204 No Content). */
export async function callApi<E extends AnyEndpoint>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<OutputOf<E>> {
  const response = await fetchApi(endpoint, ...args);
  return response.status === 204 ? undefined : response.json();
}
