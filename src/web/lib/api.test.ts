import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, errorMessage, fieldIssues } from './api';
import { createQueryClient } from './query-client';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('raises "{status}: {body}" for an unsuccessful answer, or the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Plan missing"}', { status: 400 })));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('400: {"message":"Plan missing"}');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends cookies and JSON bodies', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/y', { a: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/y', expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"a":1}' }));
  });

  it("shows the server's message and field issues to a person", () => {
    const error = new Error('400: {"message":"Please check Email","issues":[{"field":"email","message":"Enter a valid email"}]}');
    expect(errorMessage(error, 'fallback')).toBe('Please check Email');
    expect(fieldIssues(error)).toEqual({ email: 'Enter a valid email' });
    expect(errorMessage(new Error('500: Internal'), 'fallback')).toBe('500: Internal');
    expect(errorMessage('not an error', 'Please try again later.')).toBe('Please try again later.');
  });

  it('reads with the spec defaults: never stale, no refetch, no retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchInterval: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
