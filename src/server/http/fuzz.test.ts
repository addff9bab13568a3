import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { BusinessResult } from '../../contract/businesses.js';
import { TEST_DATABASES, type TestDatabase } from '../test/databases.js';
import { appUnderTest } from '../test/app-under-test.js';
import { signedInEmployee } from '../test/employees.js';
import { hostileRequest, type RouteUnderTest } from '../test/hostile-requests.js';

/**
 * Every route of the route table, as a visitor and as a signed-in owner, under generated hostile
 * requests (docs/decisions/011-one-input-guard-and-route-fuzzing.md). Per request: no 5xx, and every refusal is a
 * 4xx JSON `{message}`. After the run: every row that existed before is byte-identical unless a
 * successful (2xx) write addressed it by its id in the path (`PUT /api/portfolio/3` may change or
 * delete portfolio item 3 and nothing else). New rows are allowed: creating is what POST does.
 *
 * FUZZ_RUNS sets the requests per database (default 5 000: 10 000 in all when TEST_DATABASE_URL
 * adds PostgreSQL, as in CI), FUZZ_SEED replays a failure with the same FUZZ_RUNS (fast-check
 * prints the seed and path of the first failing request).
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 5_000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const CONCURRENCY = 3;
/** `/readyz` takes no input; its 503 says the database was slow to answer (a loaded machine), which is its job. */
const READINESS = 'GET /readyz';

/** Route → the table whose row its `:id` names; those rows may change after a 2xx answer. */
const ADDRESSED: Record<string, string> = {
  'PUT /api/subscription-plans/:id': 'subscription_plans',
  'PUT /api/portfolio/:id': 'portfolio_items',
  'DELETE /api/portfolio/:id': 'portfolio_items',
  'PUT /api/applications/:id': 'applications',
  'DELETE /api/applications/:id': 'applications',
  'PUT /api/investors/:id': 'investors',
  'DELETE /api/investors/:id': 'investors',
  'PATCH /api/employees/:id': 'user',
  'DELETE /api/employees/:id': 'user',
  'PATCH /api/leads/:id': 'leads',
  'DELETE /api/leads/:id': 'leads',
  'POST /api/leads/:id/social-profiles': 'leads',
};
const TABLES = [
  'subscription_plans',
  'portfolio_items',
  'applications',
  'investors',
  'user',
  'leads',
  'business_registrations',
  'payments',
  'directory_businesses',
  'activity_log',
];

/**
 * Paths under Better Auth's wildcard worth trying. Left out, with reason: sign-out and the
 * session revocations would end the fuzzing employee's own session (the rest of the run would
 * then test the visitor twice).
 */
const AUTH_PATHS = [
  'sign-in/email',
  'sign-up/email',
  'get-session',
  'list-sessions',
  'update-user',
  'change-password',
  'two-factor/enable',
  'two-factor/verify-totp',
  'two-factor/verify-backup-code',
  'callback/sso',
  'oauth2/callback/sso',
  'ok',
  'error',
  'logos/x.png',
];

type Rows = Map<string, Map<string, string>>;

async function snapshot(db: TestDatabase, exceptUser: string): Promise<Rows> {
  const rows: Rows = new Map();
  for (const table of TABLES) {
    const result = await db.database.db.execute(sql.raw(`select id::text as id, row_to_json(t)::text as row from "${table}" t`));
    const byId = new Map((result as { rows: { id: string; row: string }[] }).rows.map((r) => [r.id, r.row]));
    if (table === 'user') byId.delete(exceptUser);
    rows.set(table, byId);
  }
  return rows;
}

describe.each(TEST_DATABASES)('hostile requests on every route on %s', (kind) => {
  // Limits high enough that a 429 never hides what a request would have done; a signed-in owner.
  const ctx = appUnderTest(kind, {
    role: 'owner',
    signInLimitPerMinute: 1_000_000,
    registrationRateLimit: 1_000_000,
    paymentRateLimit: 1_000_000,
    findSocialProfiles: async () => [{ network: 'instagram', url: 'https://instagram.example/fuzz' }],
    // No test reaches the internet: every homepage the website check asks for is a small fixed page.
    websiteFetcher: {
      fetchText: async () => ({ status: 404, body: '' }),
      probe: async () => ({ status: 301, location: 'https://check.fuzz.example/' }),
      fetchPage: async (url) => ({ finalUrl: url, contentType: 'text/html', body: '<html lang="en"><title>Fuzz</title></html>', truncated: false }),
    },
    websiteCheckRateLimit: 1_000_000,
  });

  it(
    `answers ${TOTAL_RUNS} generated requests without a 5xx, refuses with JSON and leaves other rows alone`,
    { timeout: Math.max(240_000, TOTAL_RUNS * 40) },
    async () => {
      const { app, testDb } = ctx;
      const owner = { cookie: ctx.cookie };
      await signedInEmployee(app, testDb.database.db, 'staff', 'Other Employee');
      const ownerId = String((await app.inject({ url: '/api/auth/user', headers: { cookie: owner.cookie } })).json<{ id: string }>().id);
      const [business] = (await app.inject({ url: '/api/businesses/search?category=plumber', headers: { cookie: owner.cookie } })).json<BusinessResult[]>();
      expect(
        (await app.inject({ method: 'POST', url: '/api/leads', headers: { cookie: owner.cookie }, payload: { ...business, category: 'fuzz' } })).statusCode,
      ).toBe(201);

      const before = await snapshot(testDb, ownerId);
      const ids = [...new Set([...before.values()].flatMap((rows) => [...rows.keys()].slice(0, 4)))];
      const routes: RouteUnderTest[] = app.routeTable;
      expect(routes.length).toBeGreaterThan(40);
      const changeable = new Map<string, Set<string>>(TABLES.map((t) => [t, new Set()]));
      let sent = 0;
      const seen = new Map<number, number>();

      const numRuns = Math.ceil(TOTAL_RUNS / (2 * routes.length));
      const runRoute = async ([role, route]: readonly ['visitor' | 'owner', RouteUnderTest]) => {
        await fc.assert(
          fc.asyncProperty(hostileRequest(route, ids, AUTH_PATHS), async (request) => {
            if (role === 'owner') request.headers = { ...request.headers, cookie: owner.cookie };
            // Each request from its own address: per-address limits never answer for the route.
            const res = await app.inject({
              ...request,
              remoteAddress: `10.${crypto.randomInt(0, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`,
            });
            sent += 1;
            seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
            if (!(res.statusCode === 503 && `${route.method} ${route.url}` === READINESS))
              expect(res.statusCode, `${role}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.headers['content-type']).toMatch(/^application\/json/);
              expect(typeof res.json<{ message: unknown }>().message).toBe('string');
            }
            const table = ADDRESSED[`${route.method} ${route.url}`];
            if (table && res.statusCode < 300) for (const id of request.params) changeable.get(table)!.add(safeDecode(id));
          }),
          { numRuns, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
      };
      // A few routes at once: PostgreSQL works in its own processes meanwhile (PGlite gains little).
      const queue = (['visitor', 'owner'] as const).flatMap((role) => routes.map((route) => [role, route] as const));
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await runRoute(next);
        }),
      );

      expect(sent).toBeGreaterThanOrEqual(TOTAL_RUNS);
      // The owner was never signed out by the run.
      expect((await app.inject({ url: '/api/auth/user', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
      const after = await snapshot(testDb, ownerId);
      for (const [table, rows] of before) {
        for (const [id, row] of rows) {
          if (changeable.get(table)!.has(id)) continue;
          expect(after.get(table)!.get(id), `${table} ${id}`).toBe(row);
        }
      }
      console.info(`fuzz on ${kind}: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(seen))}`);
    },
  );
});

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
