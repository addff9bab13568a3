import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { BusinessResult } from '../../contract/businesses/businesses.js';
import { TEST_DATABASES } from '../test/databases.js';
import { appUnderTest } from '../test/app-under-test.js';
import { accountCookie, paidRegistration } from '../test/billing.js';
import { contractNumbers } from '../test/contract-numbers.js';
import { signedInEmployee } from '../test/employees.js';
import {
  BOUNDARY_INTEGERS,
  hostileRequest,
  OUT_OF_RANGE,
  VALID_BODIES,
  VALID_QUERIES,
  type RouteUnderTest,
} from '../test/hostile-requests.js';
import {
  databaseTables,
  schemaTables,
  snapshotTables,
  type Snapshot,
} from '../test/table-snapshot.js';

/**
 * Every route of the route table, as a visitor and as a signed-in owner who also holds a client's
 * billing session, under generated hostile requests (docs/decisions/011-one-input-guard-and-route-fuzzing.md),
 * after a sweep of boundary integers through every number field and id parameter. Per request:
 * no 5xx, and every refusal is a 4xx JSON `{message}`. After each run every table of the schema
 * is compared row by row with its state before: a row that existed is byte-identical unless a
 * successful (2xx) write named it (ADDRESSED: `PUT /api/portfolio/3` may change or delete
 * portfolio item 3 and nothing else), and only the tables in GROWS may have new rows.
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
/** Ending the client's billing session would leave the rest of the run testing the account routes' 401. */
const CLIENT_SIGN_OUT = 'POST /api/account/sign-out';

/** Who the run signs in: the owner (employee) and the client whose billing session the owner's requests carry. */
interface People {
  ownerId: string;
  registrationId: string;
  subscriptionId: string;
}
/** Rows of `table` whose `column` holds the value taken from the request's path parameters or the people signed in; '*' is every row. */
interface Named {
  table: string;
  column: string;
  value: (params: Record<string, string>, people: People) => string;
}
const byParam = (table: string, column: string, param: string): Named => ({
  table,
  column,
  value: (params) => params[param] ?? '',
});
const everyRow = (table: string): Named => ({ table, column: '*', value: () => '*' });
const ownersRows: Named[] = [
  { table: 'user', column: 'id', value: (_, p) => p.ownerId },
  ...['session', 'account', 'two_factor'].map((table) => ({
    table,
    column: 'user_id',
    value: (_: unknown, p: People) => p.ownerId,
  })),
];
/** The client's own subscription as their billing page changes it: the registration, its subscription and invoices. */
const clientsRows: Named[] = [
  { table: 'business_registrations', column: 'id', value: (_, p) => p.registrationId },
  { table: 'subscriptions', column: 'id', value: (_, p) => p.subscriptionId },
  { table: 'invoices', column: 'subscription_id', value: (_, p) => p.subscriptionId },
  { table: 'billing_sessions', column: 'registration_id', value: (_, p) => p.registrationId },
];

/** Route → the rows a 2xx answer to it may change or delete. */
const ADDRESSED: Record<string, Named[]> = {
  'PUT /api/subscription-plans/:id': [byParam('subscription_plans', 'id', 'id')],
  'PUT /api/portfolio/:id': [byParam('portfolio_items', 'id', 'id')],
  'DELETE /api/portfolio/:id': [byParam('portfolio_items', 'id', 'id')],
  'PUT /api/applications/:id': [byParam('applications', 'id', 'id')],
  'DELETE /api/applications/:id': [byParam('applications', 'id', 'id')],
  // An investor's filter facets are rewritten with the investor (docs/decisions/007).
  'PUT /api/investors/:id': [
    byParam('investors', 'id', 'id'),
    byParam('investor_facets', 'investor_id', 'id'),
  ],
  'PATCH /api/investors/:id/relationship': [
    byParam('investors', 'id', 'id'),
    byParam('investor_facets', 'investor_id', 'id'),
  ],
  'DELETE /api/investors/:id': [
    byParam('investors', 'id', 'id'),
    byParam('investor_facets', 'investor_id', 'id'),
  ],
  'PATCH /api/employees/:id': [byParam('user', 'id', 'id')],
  'DELETE /api/employees/:id': [
    byParam('user', 'id', 'id'),
    byParam('session', 'user_id', 'id'),
    byParam('account', 'user_id', 'id'),
  ],
  'PATCH /api/leads/:id': [byParam('leads', 'id', 'id')],
  'DELETE /api/leads/:id': [byParam('leads', 'id', 'id')],
  'PUT /api/leads/:id/do-not-contact': [byParam('leads', 'id', 'id')],
  // The entry is keyed by the lead's provider and source id, not by the lead's id: any entry may go.
  'DELETE /api/leads/:id/do-not-contact': [
    byParam('leads', 'id', 'id'),
    everyRow('do_not_contact'),
  ],
  'POST /api/leads/:id/social-profiles': [byParam('leads', 'id', 'id')],
  // Better Auth's endpoints as the signed-in owner: their own user, sessions, password and second factor.
  'POST /api/auth/*': ownersRows,
  'GET /api/auth/*': ownersRows,
  'POST /api/account/card': clientsRows,
  'POST /api/account/card/setup': clientsRows,
  'POST /api/account/card/confirm': clientsRows,
  'POST /api/account/cancel': clientsRows,
  'POST /api/account/resume': clientsRows,
  'POST /api/account/plan-change': clientsRows,
  // Test mode's clock: its offset, and the renewals it runs change every subscription.
  'POST /api/billing/clock/advance': [
    { table: 'app_meta', column: 'key', value: () => 'billing.clock.offset_ms' },
    ...['subscriptions', 'invoices', 'payments', 'business_registrations'].map(everyRow),
  ],
  'POST /api/billing/clock/reset': [
    { table: 'app_meta', column: 'key', value: () => 'billing.clock.offset_ms' },
  ],
};

/**
 * Tables the hostile requests may add rows to, each with why. The rows they had before stay
 * byte-identical all the same (unless ADDRESSED names them); every other table keeps exactly
 * the rows it had, none more.
 */
const GROWS: Record<string, string> = {
  account: "POST /api/employees creates an employee's password sign-in (Better Auth's account row)",
  activity_log: 'every employee write, export, discovery and outbox read is logged',
  applications: 'POST /api/applications',
  business_registrations: 'POST /api/business-registration',
  do_not_contact: 'POST /api/leads/do-not-contact and PUT /api/leads/:id/do-not-contact',
  investor_facets:
    'the search facets of each investor created (by hand, by CSV import, by discovery)',
  investors: 'POST /api/investors, POST /api/investors/import and POST /api/discover-investors',
  invoices: "the client's plan change and the clock's renewals charge",
  leads: 'POST /api/leads',
  outbox_messages:
    'the mail requests send: checkout links, billing sign-in links, billing changes, receipts',
  payment_intents: 'POST /api/create-payment-intent',
  payments: "the client's plan change and the clock's renewals charge",
  portfolio_items: 'POST /api/portfolio',
  // docs/decisions/039: a paid client's project is made from the subscription when first read.
  projects: "GET /api/projects/board and GET /api/account/project make a paid client's project",
  project_tracks: "the tracks of a paid client's project, made with it",
  project_milestones: "the milestones of a paid client's project, made with it",
  project_social_months: "the social calendar of a paid client's project, made with it",
  rate_limit_counters:
    'each request comes from an address of its own, which gets a counter of its own',
  subscriptions: 'POST /api/create-payment-intent starts an incomplete subscription',
  uploads: 'POST /api/objects/upload hands out an upload ticket',
  user: 'POST /api/employees',
  website_checks: 'POST /api/website-checks',
};

/** Tables whose rows end: a row whose time in `column` has passed may be gone afterwards (never changed), and why. */
const EXPIRES: Record<string, { column: string; reason: string }> = {
  rate_limit_counters: {
    column: 'reset_at',
    reason: 'a counter whose window has ended is purged by a later request (at most once a minute)',
  },
};

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

const TABLES = schemaTables();
const paramNames = (url: string) =>
  (url.match(/:[^/]+|\*/g) ?? []).map((name) => name.replace(/^:/, ''));

/** The rows the run's successful writes named, by table → column → values. */
class NamedRows {
  private readonly named = new Map<string, Map<string, Set<string>>>();
  constructor(private readonly people: People) {}

  answered(route: RouteUnderTest, params: string[], status: number): void {
    if (status >= 300) return;
    const names = paramNames(route.url);
    const byName = Object.fromEntries(names.map((name, i) => [name, safeDecode(params[i] ?? '')]));
    for (const rule of ADDRESSED[`${route.method} ${route.url}`] ?? []) {
      const columns = this.named.get(rule.table) ?? new Map<string, Set<string>>();
      this.named.set(rule.table, columns);
      const values = columns.get(rule.column) ?? new Set<string>();
      columns.set(rule.column, values);
      values.add(rule.value(byName, this.people));
    }
  }

  allows(table: string, row: Record<string, unknown>): boolean {
    for (const [column, values] of this.named.get(table) ?? [])
      if (column === '*' || values.has(String(row[column]))) return true;
    return false;
  }
}

/** What changed between two snapshots that no successful write named, and new rows where GROWS has no reason. */
function unexplained(before: Snapshot, after: Snapshot, named: NamedRows): string[] {
  const problems: string[] = [];
  for (const [table, rows] of before) {
    const now = after.get(table)!;
    for (const [key, row] of rows) {
      const later = now.get(key);
      const fields = JSON.parse(row) as Record<string, unknown>;
      if (later === row || named.allows(table, fields)) continue;
      const ends = EXPIRES[table];
      if (later === undefined && ends && Date.parse(String(fields[ends.column])) <= Date.now())
        continue;
      problems.push(`${table} ${key}: ${later === undefined ? 'deleted' : `${row} → ${later}`}`);
    }
    for (const [key, row] of now) {
      if (
        rows.has(key) ||
        table in GROWS ||
        named.allows(table, JSON.parse(row) as Record<string, unknown>)
      )
        continue;
      problems.push(`${table} ${key}: added ${row}`);
    }
  }
  return problems;
}

describe.each(TEST_DATABASES)('hostile requests on every route on %s', (kind) => {
  // Limits high enough that a 429 never hides what a request would have done; a signed-in owner.
  const ctx = appUnderTest(kind, {
    role: 'owner',
    signInLimitPerMinute: 1_000_000,
    registrationRateLimit: 1_000_000,
    paymentRateLimit: 1_000_000,
    findSocialProfiles: async () => [
      { network: 'instagram', url: 'https://instagram.example/fuzz' },
    ],
    // No test reaches the internet: every homepage the website check asks for is a small fixed page.
    websiteFetcher: {
      fetchText: async () => ({ status: 404, body: '' }),
      probe: async () => ({ status: 301, location: 'https://check.fuzz.example/' }),
      fetchPage: async (url) => ({
        finalUrl: url,
        contentType: 'text/html',
        body: '<html lang="en"><title>Fuzz</title></html>',
        truncated: false,
      }),
    },
    websiteCheckRateLimit: 1_000_000,
  });
  /** The owner's cookie and a client's billing session: the owner's requests reach the account routes too. */
  let cookie = '';
  let people: People;
  let routes: RouteUnderTest[];

  beforeAll(async () => {
    const { app, testDb } = ctx;
    await signedInEmployee(app, testDb.database.db, 'staff', 'Other Employee');
    const ownerId = String(
      (await app.inject({ url: '/api/auth/user', headers: { cookie: ctx.cookie } })).json<{
        id: string;
      }>().id,
    );
    const [business] = (
      await app.inject({
        url: '/api/businesses/search?category=plumber',
        headers: { cookie: ctx.cookie },
      })
    ).json<BusinessResult[]>();
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/leads',
          headers: { cookie: ctx.cookie },
          payload: { ...business, category: 'fuzz' },
        })
      ).statusCode,
    ).toBe(201);
    const client = await paidRegistration(ctx);
    cookie = `${ctx.cookie}; ${await accountCookie(ctx, client.email)}`;
    expect((await app.inject({ url: '/api/account', headers: { cookie } })).statusCode).toBe(200);
    people = {
      ownerId,
      registrationId: client.registrationId,
      subscriptionId: client.subscriptionId,
    };
    routes = app.routeTable;
    expect(routes.length).toBeGreaterThan(40);
  }, 120_000);

  const send = (app: FastifyInstance, request: InjectOptions) =>
    app.inject({
      ...request,
      // Each request from its own address: per-address limits never answer for the route.
      remoteAddress: `10.${crypto.randomInt(0, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`,
    });
  const cookieFor = (route: RouteUnderTest) =>
    `${route.method} ${route.url}` === CLIENT_SIGN_OUT ? ctx.cookie : cookie;

  it('snapshots every table the schema and the database have', async () => {
    const names = TABLES.map((t) => t.name);
    expect(names).toEqual(await databaseTables(ctx.testDb.database.db));
    expect(names.length).toBeGreaterThanOrEqual(30);
    const snapshot = await snapshotTables(ctx.testDb.database.db, TABLES);
    expect([...snapshot.keys()]).toEqual(names);
    // Each table and column named here exists, so a renamed one cannot silently stop being checked.
    const columns = new Set(
      TABLES.flatMap((t) => [t.name, ...t.columns.map((c) => `${t.name}.${c}`)]),
    );
    const referenced = [
      ...Object.keys(GROWS),
      ...Object.entries(EXPIRES).map(([table, { column }]) => `${table}.${column}`),
      ...Object.values(ADDRESSED).flatMap((rules) =>
        rules.map((r) => (r.column === '*' ? r.table : `${r.table}.${r.column}`)),
      ),
    ];
    expect(referenced.filter((name) => !columns.has(name))).toEqual([]);
  });

  it(
    'refuses boundary integers in every number field and id parameter without a 5xx, naming the field',
    { timeout: 240_000 },
    async () => {
      const { app, testDb } = ctx;
      const db = testDb.database.db;
      const fields = [
        ...new Set((await contractNumbers()).map((n) => n.field).filter(Boolean)),
      ].sort();
      expect(fields).toEqual(expect.arrayContaining(['planId', 'page', 'reviewCount']));
      const before = await snapshotTables(db, TABLES);
      const named = new NamedRows(people);
      const failures: string[] = [];
      const reached: string[] = [];
      let sent = 0;
      const asText = (value: number | string) => encodeURIComponent(String(value));

      for (const route of routes.filter(
        (r) => !r.url.includes('*') && `${r.method} ${r.url}` !== CLIENT_SIGN_OUT,
      )) {
        const key = `${route.method} ${route.url}`;
        const names = paramNames(route.url);
        const path = (params: string[]) => route.url.replace(/:[^/]+/g, () => params.shift() ?? '');
        const request = async (
          label: string,
          params: string[],
          query: string,
          body: Record<string, unknown> | undefined,
        ) => {
          const res = await send(app, {
            method: route.method,
            url: path([...params]) + (query ? `?${query}` : ''),
            headers: {
              cookie: cookieFor(route),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { payload: JSON.stringify(body) } : {}),
          });
          sent += 1;
          named.answered(route, params, res.statusCode);
          if (res.statusCode >= 500)
            failures.push(`${key} ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          return res;
        };
        const issuesOf = (body: string) => {
          try {
            return (
              (JSON.parse(body) as { issues?: { field: string }[] }).issues?.map(
                (i) => i.field.split('.')[0]!,
              ) ?? []
            );
          } catch {
            return [];
          }
        };

        // Path parameters: each boundary integer in every one at once; never a 5xx, out-of-range ones never a 2xx.
        for (const value of names.length ? BOUNDARY_INTEGERS : []) {
          const res = await request(
            `/${String(value)}`,
            names.map(() => asText(value)),
            VALID_QUERIES[key] ?? '',
            route.method === 'GET' || route.method === 'DELETE' ? undefined : VALID_BODIES[key],
          );
          if (OUT_OF_RANGE.includes(value) && res.statusCode < 400)
            failures.push(`${key} /${String(value)}: ${res.statusCode}, expected a refusal`);
        }

        // Which number fields the route reads: one request with text in every one of them names each it parses.
        // An id no row has: the probe (a DELETE too) changes nothing, and routes read their input before they look the id up.
        const ids = names.map(() => '2147483647');
        const inQuery = issuesOf(
          (
            await request(
              'probe ?',
              ids,
              fields.map((f) => `${f}=not-a-number`).join('&'),
              undefined,
            )
          ).body,
        ).filter((f) => fields.includes(f));
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const inBody = hasBody
          ? issuesOf(
              (
                await request(
                  'probe body',
                  ids,
                  '',
                  Object.fromEntries(fields.map((f) => [f, 'not a number'])),
                )
              ).body,
            ).filter((f) => fields.includes(f))
          : [];
        for (const [where, found] of [
          ['query', inQuery],
          ['body', inBody],
        ] as const) {
          for (const field of new Set(found)) {
            reached.push(`${key} ${where} ${field}`);
            for (const value of BOUNDARY_INTEGERS) {
              const label = `${where} ${field}=${JSON.stringify(value)}`;
              const res =
                where === 'query'
                  ? await request(
                      label,
                      ids,
                      [VALID_QUERIES[key], `${field}=${asText(value)}`].filter(Boolean).join('&'),
                      undefined,
                    )
                  : await request(label, ids, '', { ...VALID_BODIES[key], [field]: value });
              if (
                OUT_OF_RANGE.includes(value) &&
                !(res.statusCode === 400 && issuesOf(res.body).includes(field))
              )
                failures.push(
                  `${key} ${label}: ${res.statusCode} ${res.body.slice(0, 200)}, expected 400 naming ${field}`,
                );
            }
          }
        }
      }

      console.info(
        `boundary sweep on ${kind}: ${sent} requests; number fields read: ${reached.join(', ')}`,
      );
      expect(reached).toEqual(
        expect.arrayContaining([
          'POST /api/create-payment-intent body planId',
          'POST /api/account/plan-change body planId',
        ]),
      );
      expect(failures).toEqual([]);
      expect(unexplained(before, await snapshotTables(db, TABLES), named)).toEqual([]);
    },
  );

  it(
    `answers ${TOTAL_RUNS} generated requests without a 5xx, refuses with JSON and leaves other rows alone`,
    { timeout: Math.max(600_000, TOTAL_RUNS * 80) },
    async () => {
      const { app, testDb } = ctx;
      const db = testDb.database.db;
      const before = await snapshotTables(db, TABLES);
      // Real row ids as path parameters, so that writes land: the first few of each table with an id.
      const ids = [
        ...new Set(
          [...before.values()].flatMap((rows) =>
            [...rows.values()]
              .slice(0, 4)
              .map((row) => (JSON.parse(row) as { id?: unknown }).id)
              .filter((id) => id !== undefined && id !== null)
              .map(String),
          ),
        ),
      ];
      const named = new NamedRows(people);
      let sent = 0;
      const seen = new Map<number, number>();

      const numRuns = Math.ceil(TOTAL_RUNS / (2 * routes.length));
      const runRoute = async ([role, route]: readonly ['visitor' | 'owner', RouteUnderTest]) => {
        await fc.assert(
          fc.asyncProperty(hostileRequest(route, ids, AUTH_PATHS), async (request) => {
            if (role === 'owner')
              request.headers = { ...request.headers, cookie: cookieFor(route) };
            const res = await send(app, request);
            sent += 1;
            seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
            if (!(res.statusCode === 503 && `${route.method} ${route.url}` === READINESS))
              expect(res.statusCode, `${role}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.headers['content-type']).toMatch(/^application\/json/);
              expect(typeof res.json<{ message: unknown }>().message).toBe('string');
            }
            named.answered(route, request.params, res.statusCode);
          }),
          { numRuns, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
      };
      // A few routes at once: PostgreSQL works in its own processes meanwhile (PGlite gains little).
      const queue = (['visitor', 'owner'] as const).flatMap((role) =>
        routes.map((route) => [role, route] as const),
      );
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await runRoute(next);
        }),
      );

      expect(sent).toBeGreaterThanOrEqual(TOTAL_RUNS);
      // The owner was never signed out by the run.
      expect(
        (await app.inject({ url: '/api/auth/user', headers: { cookie: ctx.cookie } })).statusCode,
      ).toBe(200);
      expect(unexplained(before, await snapshotTables(db, TABLES), named)).toEqual([]);
      console.info(
        `fuzz on ${kind}: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(seen))}`,
      );
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
