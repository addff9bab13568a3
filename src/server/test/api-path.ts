import type { AnyEndpoint } from '../../contract/lib/endpoint.js';

type QueryValue = string | number | boolean | null | undefined;

/**
 * Tests reach the API the way the browser does: through a contract endpoint, never a path spelled
 * by hand. `apiPath(getClient, { id })` → '/api/clients/3f…'; a query as an object (values
 * encoded, undefined left out) or as a raw string for values the browser would never send.
 */
export function apiPath(
  endpoint: AnyEndpoint,
  params: Record<string, string | number> = {},
  query?: Record<string, QueryValue | readonly QueryValue[]> | string,
): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: ${endpoint.path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
  if (query === undefined) return path;
  if (typeof query === 'string') return query === '' ? path : `${path}?${query.replace(/^\?/, '')}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    for (const one of [value].flat())
      if (one !== undefined && one !== null) search.append(key, String(one));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
