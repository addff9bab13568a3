import { describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '../../contract/lib/endpoint.js';
import { ANSWERS } from '../../contract/answers.js';
import { ENDPOINTS, isEndpoint } from '../../contract/endpoints.js';
import { appUnderTest } from '../test/app-under-test.js';
import { contractFiles } from '../test/contract-numbers.js';

// Every endpoint of the contract (what the browser's client calls) is a route of the server, with
// the same method and path. Better Auth's endpoints are served by one bridge route under
// /api/auth/*; for those the test asks the bridge and expects Better Auth to know the path.

const CONTRACT_DIR = new URL('../../contract/', import.meta.url);
const AUTH_BRIDGE = '/api/auth/*';

/** Every endpoint any contract file exports, by asking the files themselves. */
async function endpointsOfContractFiles(): Promise<Map<AnyEndpoint, string>> {
  const found = new Map<AnyEndpoint, string>();
  for (const file of contractFiles()) {
    const exports = (await import(new URL(file, CONTRACT_DIR).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      if (isEndpoint(value) && !found.has(value)) found.set(value, `${file}: ${name}`);
  }
  return found;
}

describe('the contract and the route table', () => {
  const ctx = appUnderTest('pglite', { role: null });
  const hasRoute = (method: string, url: string) => ctx.app.hasRoute({ method, url });

  it('collects every endpoint the contract files export', async () => {
    const listed = new Set(ENDPOINTS.map((e) => e.endpoint));
    const missing = [...(await endpointsOfContractFiles())]
      .filter(([endpoint]) => !listed.has(endpoint))
      .map(([, where]) => where);
    expect(missing, 'add the file to ENDPOINT_MODULES in src/contract/endpoints.ts').toEqual([]);
    expect(ENDPOINTS.length).toBeGreaterThan(50);
  });

  it('has an answer schema for every endpoint the server serves', async () => {
    await ctx.app.ready();
    const answered = new Set(ANSWERS.map((a) => a.endpoint));
    const missing = ENDPOINTS.filter(
      ({ endpoint }) => hasRoute(endpoint.method, endpoint.path) && !answered.has(endpoint),
    ).map(({ name }) => name);
    expect(missing, "add it to its domain's answers.ts").toEqual([]);
  });

  it('serves no /api route that is not a contract endpoint', async () => {
    await ctx.app.ready();
    const known = new Set(ENDPOINTS.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`));
    const unknown = ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && r.url !== AUTH_BRIDGE)
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !known.has(r));
    expect(unknown).toEqual([]);
  });

  it.each(ENDPOINTS)('$name: $endpoint.method $endpoint.path', async ({ endpoint }) => {
    await ctx.app.ready();
    if (hasRoute(endpoint.method, endpoint.path)) return;
    // Not a route of ours: then only Better Auth's, through the bridge, and Better Auth must know it.
    expect(endpoint.path.startsWith('/api/auth/'), 'no route with this method and path').toBe(true);
    expect(hasRoute(endpoint.method, AUTH_BRIDGE), 'the bridge does not take this method').toBe(
      true,
    );
    // Not signed in and no valid body: refused (400/401) or answered, never "no such endpoint".
    const res = await ctx.app.inject({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.method === 'GET' ? {} : { payload: {} }),
    });
    expect(res.statusCode, res.body).not.toBe(404);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });

  it('reaches exactly the Better Auth endpoints the browser uses through the bridge', async () => {
    await ctx.app.ready();
    const viaBridge = ENDPOINTS.filter(
      ({ endpoint }) => !hasRoute(endpoint.method, endpoint.path),
    ).map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(viaBridge)).toEqual(
      new Set([
        'GET /api/auth/get-session',
        'POST /api/auth/sign-in/email',
        'POST /api/auth/sign-out',
        'POST /api/auth/two-factor/enable',
        'POST /api/auth/two-factor/disable',
        'POST /api/auth/two-factor/verify-totp',
        'POST /api/auth/two-factor/verify-backup-code',
      ]),
    );
  });

  it('tells an unknown Better Auth path from a known one (so the check above means something)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/no-such-endpoint',
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });
});
