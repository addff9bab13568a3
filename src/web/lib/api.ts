/**
 * The API client. Any non-2xx answer becomes an Error whose message is
 * '{status}: {body text or status text}' (spec section 8). Every call sends cookies.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new Error(`${response.status}: ${text}`);
  }
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url);
  return (await response.json()) as T;
}

export async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

interface ErrorBody {
  message?: unknown;
  issues?: { field: string; message: string }[];
}

function parseErrorBody(error: unknown): ErrorBody | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: (\{[\s\S]*\})$/.exec(error.message);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]!) as ErrorBody;
  } catch {
    return undefined;
  }
}

/** The sentence to show a person: the server's `message` when it sent one, else the error's own. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = parseErrorBody(error);
  if (typeof body?.message === 'string' && body.message) return body.message;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Field errors the server listed with a 400 answer. */
export function fieldIssues(error: unknown): Record<string, string> {
  const issues = parseErrorBody(error)?.issues ?? [];
  return Object.fromEntries(issues.map((i) => [i.field, i.message]));
}
