import type { AnyEndpoint, InputOf, OutputOf } from '../../contract/lib/endpoint';
import type { ApiErrorBody, FieldIssue } from '../../contract/lib/errors';
import { i18n } from '@lingui/core';

// The part of the API client that the landing page loads first (kept lean: bench:web): the
// error every call raises and the request itself. api.ts adds URLs with path parameters and
// queries, and re-exports all of this; the rest of the app imports from there.

/**
 * An unsuccessful answer. Its message is '{status}: {body text or status text}' (docs/product.md §8);
 * `errorBody` is the server's `{message, issues?}`, read from the body once.
 */
export class ApiError extends Error {
  // Declared only, and set in the constructor: no field initialisers are emitted.
  declare readonly status: number;
  /** The answer's text, '' when it had none. */
  declare readonly body: string;
  /** The body as the API's error answer; undefined when it is not a JSON object. */
  declare readonly errorBody?: Partial<ApiErrorBody>;

  constructor(status: number, body: string, statusText = '') {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
    if (body.startsWith('{') && body.endsWith('}')) {
      try {
        this.errorBody = JSON.parse(body) as Partial<ApiErrorBody>;
      } catch {
        // Not JSON after all: the message is all there is to show.
      }
    }
  }
}

/** Throws the ApiError of an unsuccessful answer. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
}

/**
 * The sentence to show a person: the message of the server's code in the page's language when the
 * page has it (docs/decisions/035), else the server's `message`, else the error's own.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.errorBody;
    const worded = body?.code ? inPageLanguage(body) : undefined;
    if (worded) return worded;
    const message = body?.message;
    if (typeof message === 'string' && message) return message;
    // A proxy's HTML page or an empty answer is no sentence for a person: say what happened instead.
    if (!error.body.trim() || /^\s*</.test(error.body)) return plainSentence(error.status);
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/** In the page's language: the page makes these sentences, the server did not send one. */
function plainSentence(status: number): string {
  if (status === 429) return i18n._('error.tooMany');
  return i18n._(status >= 500 ? 'error.server' : 'error.other', { status: String(status) });
}

type Wording = (coded: Pick<FieldIssue, 'code' | 'params'>) => string | undefined;
let wording: Wording = () => undefined;
/**
 * A coded message in the page's language, once a page in another language than English loaded its
 * errors catalog (error-words.ts, docs/decisions/035); undefined before, and on English pages,
 * where the server's message is the same English text.
 */
export const inPageLanguage: Wording = (coded) => wording(coded);
/** Set by error-words.ts when its catalog is in (kept out of the landing page's first load). */
export const setWording = (words: Wording) => void (wording = words);

/** One request with cookies and a JSON body, if any; non-2xx → ApiError. */
export async function request(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/** The query client's default read: GET a URL (a query key's segments joined by '/'). */
export async function getJson<T>(url: string): Promise<T> {
  return (await request('GET', url)).json() as Promise<T>;
}

/** The body option: required when the endpoint takes one, left out when it takes none. */
export type BodyOption<E extends AnyEndpoint> = [InputOf<E>] extends [undefined]
  ? { body?: undefined }
  : { body: InputOf<E> };

/**
 * Calls an endpoint whose URL is its path (no path parameters, no query) with a JSON body. The
 * landing page calls its endpoints through this rather than callApi, which would bring apiUrl
 * into its first load.
 */
export async function callPath<E extends AnyEndpoint>(
  endpoint: E,
  body: InputOf<E>,
): Promise<OutputOf<E>> {
  const response = await request(endpoint.method, endpoint.path, body);
  return response.status === 204 ? undefined : response.json();
}
