import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '../../contract/lib/endpoint';
import {
  ApiError,
  apiUrl,
  callApi,
  callPath,
  errorMessage,
  fetchApi,
  fieldIssues,
  getJson,
  queryString,
} from './api';
import { createQueryClient } from './query-client';

afterEach(() => vi.unstubAllGlobals());

const read: Endpoint<
  { ok: boolean },
  undefined,
  { search?: string; page?: number; flag?: boolean | null }
> = { method: 'GET', path: '/api/things' };
const write: Endpoint<{ id: number }, { a: number }> = { method: 'POST', path: '/api/things' };
const change: Endpoint<{ id: string }, { name: string }> = {
  method: 'PUT',
  path: '/api/things/:id',
};
const remove: Endpoint<undefined> = { method: 'DELETE', path: '/api/things/:id/parts/:part' };
const upload: Endpoint<{ count: number }, string, { dryRun?: 1 }> = {
  method: 'POST',
  path: '/api/things/import',
  contentType: 'text/csv',
};

const stubFetch = (response: () => Response) => {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('it should have failed'),
    (error: unknown) => error,
  );

describe('ApiError', () => {
  it('keeps the spec\'s message "{status}: {body}", and the status and body', () => {
    const json = new ApiError(400, '{"message":"Plan missing"}', 'Bad Request');
    expect(json).toBeInstanceOf(Error);
    expect(json.message).toBe('400: {"message":"Plan missing"}');
    expect(json).toMatchObject({
      status: 400,
      body: '{"message":"Plan missing"}',
      errorBody: { message: 'Plan missing' },
    });

    const text = new ApiError(502, 'Bad gateway from upstream', 'Bad Gateway');
    expect(text.message).toBe('502: Bad gateway from upstream');
    expect(text.errorBody).toBeUndefined();
  });

  it('names the status text when the body is empty', () => {
    const empty = new ApiError(503, '', 'Service Unavailable');
    expect(empty.message).toBe('503: Service Unavailable');
    expect(empty).toMatchObject({ status: 503, body: '' });
    expect(empty.errorBody).toBeUndefined();
  });

  it('reads the body as the error answer only when it is a JSON object', () => {
    expect(new ApiError(500, '{not json}').errorBody).toBeUndefined();
    expect(new ApiError(500, '["a"]').errorBody).toBeUndefined();
    expect(new ApiError(500, '"text"').errorBody).toBeUndefined();
  });
});

describe('errorMessage and fieldIssues', () => {
  it("shows the server's message and field issues to a person", () => {
    const error = new ApiError(
      400,
      '{"message":"Please check Email","issues":[{"field":"email","message":"Enter a valid email"}]}',
    );
    expect(errorMessage(error, 'fallback')).toBe('Please check Email');
    expect(fieldIssues(error)).toEqual({ email: 'Enter a valid email' });
  });

  it("falls back to the error's own message, then to the fallback", () => {
    expect(errorMessage(new ApiError(500, 'Internal'), 'fallback')).toBe('500: Internal');
    expect(errorMessage(new ApiError(500, '{"message":""}'), 'fallback')).toBe(
      '500: {"message":""}',
    );
    expect(errorMessage(new ApiError(500, '{"message":42}'), 'fallback')).toBe(
      '500: {"message":42}',
    );
    expect(errorMessage(new Error('Logo file size must be less than 5MB'), 'fallback')).toBe(
      'Logo file size must be less than 5MB',
    );
    expect(errorMessage(new Error(''), 'Please try again later.')).toBe('Please try again later.');
    expect(errorMessage('not an error', 'Please try again later.')).toBe('Please try again later.');
  });

  it("puts a proxy's HTML page or an empty answer into a sentence, while the error keeps the spec's message", () => {
    const html = new ApiError(
      502,
      '<html><body><h1>502 Bad Gateway</h1></body></html>',
      'Bad Gateway',
    );
    expect(html.message).toBe('502: <html><body><h1>502 Bad Gateway</h1></body></html>');
    expect(errorMessage(html, 'fallback')).toBe(
      'Our server is not answering right now (error 502). Please try again in a moment.',
    );
    expect(errorMessage(new ApiError(503, '', 'Service Unavailable'), 'fallback')).toBe(
      'Our server is not answering right now (error 503). Please try again in a moment.',
    );
    expect(errorMessage(new ApiError(429, '  '), 'fallback')).toBe(
      'Too many attempts in a short time. Please wait a minute and try again.',
    );
    expect(
      errorMessage(new ApiError(404, '<!doctype html><title>Not found</title>'), 'fallback'),
    ).toBe('Something went wrong (error 404). Please reload the page and try again.');
  });

  it('lists no field issues for other errors', () => {
    expect(fieldIssues(new ApiError(400, '{"message":"Refused"}'))).toEqual({});
    expect(fieldIssues(new ApiError(500, 'Internal'))).toEqual({});
    // Only an answer from the API carries issues, not a message that looks like one.
    expect(fieldIssues(new Error('400: {"issues":[{"field":"email","message":"x"}]}'))).toEqual({});
    expect(fieldIssues(undefined)).toEqual({});
  });
});

describe('apiUrl', () => {
  it('is the path when there is no query', () => {
    expect(apiUrl(read)).toBe('/api/things');
    expect(apiUrl(read, { query: {} })).toBe('/api/things');
    expect(apiUrl(read, { query: { search: '', page: undefined, flag: null } })).toBe(
      '/api/things',
    );
  });

  it('appends the query in its order, leaving out undefined, null and blank values but not 0 or false', () => {
    expect(apiUrl(read, { query: { search: 'sea cap/B+', page: 2 } })).toBe(
      '/api/things?search=sea+cap%2FB%2B&page=2',
    );
    expect(apiUrl(read, { query: { page: 0, search: undefined, flag: false } })).toBe(
      '/api/things?page=0&flag=false',
    );
    expect(queryString({ b: 1, a: 'x y' })).toBe('b=1&a=x+y');
  });

  it('fills in and encodes path parameters', () => {
    expect(apiUrl(change, { params: { id: 'a/b c?d' } })).toBe('/api/things/a%2Fb%20c%3Fd');
    expect(apiUrl(remove, { params: { id: 7, part: 'x:y' } })).toBe('/api/things/7/parts/x%3Ay');
    expect(() => apiUrl(change)).toThrow('/api/things/:id: no value for :id');
  });
});

describe('callApi', () => {
  it("sends cookies and a JSON body with the endpoint's method, and answers the JSON", async () => {
    const fetchMock = stubFetch(() => new Response('{"id":1}', { status: 201 }));
    await expect(callApi(write, { body: { a: 1 } })).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/things', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
  });

  it('reads with GET, no body and no content type, the query in the URL', async () => {
    const fetchMock = stubFetch(() => new Response('{"ok":true}', { status: 200 }));
    await expect(callApi(read, { query: { page: 2 } })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/things?page=2', {
      method: 'GET',
      credentials: 'include',
      headers: {},
      body: undefined,
    });
  });

  it('answers undefined for 204 No Content', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await expect(callApi(remove, { params: { id: 'a b', part: 1 } })).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things/a%20b/parts/1',
      expect.objectContaining({ method: 'DELETE', body: undefined }),
    );
  });

  it("sends a raw body as it is with the endpoint's content type", async () => {
    const fetchMock = stubFetch(() => new Response('{"count":2}', { status: 200 }));
    await expect(callApi(upload, { query: { dryRun: 1 }, body: 'name\nA\nB' })).resolves.toEqual({
      count: 2,
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/things/import?dryRun=1', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'text/csv' },
      body: 'name\nA\nB',
    });
  });

  it('answers the Response itself when asked, for a status that says something', async () => {
    stubFetch(() => new Response('{"id":3}', { status: 200 }));
    const response = await fetchApi(write, { body: { a: 3 } });
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({ id: 3 });
  });

  it('raises an ApiError "{status}: {body}" for an unsuccessful answer, or the status text when the body is empty', async () => {
    stubFetch(() => new Response('{"message":"Plan missing"}', { status: 400 }));
    const error = await rejection(callApi(change, { params: { id: 'x' }, body: { name: 'n' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: '400: {"message":"Plan missing"}',
      status: 400,
      body: '{"message":"Plan missing"}',
    });
    expect(errorMessage(error, 'fallback')).toBe('Plan missing');

    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(callApi(read)).rejects.toThrow('503: Service Unavailable');
  });
});

describe("callPath (the landing page's calls)", () => {
  it("sends the JSON body to the endpoint's path with its method and cookies, and answers the JSON", async () => {
    const fetchMock = stubFetch(() => new Response('{"id":1}', { status: 201 }));
    await expect(callPath(write, { a: 1 })).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/things', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
  });

  it('raises the same ApiError as every call', async () => {
    stubFetch(
      () =>
        new Response(
          '{"message":"Please check Email","issues":[{"field":"email","message":"Enter a valid email"}]}',
          { status: 400 },
        ),
    );
    const error = await rejection(callPath(write, { a: 1 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(fieldIssues(error)).toEqual({ email: 'Enter a valid email' });
  });
});

describe('the types the contract gives the client', () => {
  it('requires the body an endpoint takes, of its type, and answers its output (checked by tsc)', () => {
    // Never run: tsc checks these lines.
    const calls = async () => {
      // @ts-expect-error the endpoint takes a body
      await callApi(write);
      // @ts-expect-error the body has the endpoint's input type
      await callApi(write, { body: { a: 'one' } });
      // @ts-expect-error an endpoint without input takes no body
      await callApi(read, { body: { a: 1 } });
      // @ts-expect-error the query has the endpoint's query type
      apiUrl(read, { query: { page: 'two' } });
      const answer: { ok: boolean } = await callApi(read);
      // @ts-expect-error the answer has the endpoint's output type
      const wrong: string = await callApi(write, { body: { a: 1 } });
      return [answer, wrong];
    };
    expect(calls).toBeTypeOf('function');
  });
});

describe('the default read', () => {
  it('GETs a URL with cookies and raises ApiError like every call', async () => {
    const fetchMock = stubFetch(() => new Response('[1]', { status: 200 }));
    await expect(getJson('/api/things/1')).resolves.toEqual([1]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things/1',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
    stubFetch(() => new Response('Not here', { status: 404 }));
    await expect(getJson('/api/things/2')).rejects.toThrow(new ApiError(404, 'Not here'));
  });

  it('joins the query key segments with slashes', async () => {
    const fetchMock = stubFetch(() => new Response('{"id":"c1"}', { status: 200 }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/clients', 'c1'] })).resolves.toEqual({
      id: 'c1',
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/clients/c1',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('reads with the spec defaults: never stale, no refetch, no retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
