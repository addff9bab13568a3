/**
 * One HTTP endpoint of the API, shared by the server (its route) and the browser (its client):
 * the method, the path (path parameters written `:name`, as Fastify writes them) and, as types
 * only, what it answers (`Output`), what it takes as a body (`Input`) and its query (`Query`).
 * Each feature's contract file exports its endpoints next to its schemas and types, as plain
 * object literals typed with this interface: nothing runs to define one, so the bundler keeps
 * only the endpoints a page calls (and a zod-free file for the pages that load no schema).
 */
/** Every endpoint's path starts here; nothing else on the site does. */
export const API_PREFIX = '/api/';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<Output, Input = undefined, Query = undefined> {
  readonly method: HttpMethod;
  readonly path: string;
  /** The body's media type when it is sent as it is (a CSV file); JSON when absent. */
  readonly contentType?: string;
  /** Phantom: never set at run time; carries the types for the client. */
  readonly types?: { readonly output: Output; readonly input: Input; readonly query: Query };
}

/** Any endpoint, whatever it answers and takes. */
export type AnyEndpoint = Endpoint<unknown, unknown, unknown>;
export type OutputOf<E extends AnyEndpoint> = NonNullable<E['types']>['output'];
export type InputOf<E extends AnyEndpoint> = NonNullable<E['types']>['input'];
export type QueryOf<E extends AnyEndpoint> = NonNullable<E['types']>['query'];
