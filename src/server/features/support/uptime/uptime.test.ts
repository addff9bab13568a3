import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS } from '../../../../contract/answers.js';
import {
  CERTIFICATE_WARNING_DAYS,
  getClientSiteMonitor,
  getMySiteUptime,
  removeClientSiteMonitor,
  setClientSiteMonitor,
  type SiteUptime,
} from '../../../../contract/support/uptime.js';
import type { ProbeResult } from '../../../adapters/website/uptime-probe.js';
import { createFeatureContext } from '../../../context.js';
import type { Config } from '../../../config.js';
import { siteMonitors, siteOutages, siteUptimeDays } from '../../../db/schema.js';
import { registerAnswerCheck } from '../../../http/answer-check.js';
import { registerErrorHandling } from '../../../http/errors.js';
import { registerInputGuard } from '../../../http/input-guard.js';
import { createServer } from '../../../http/server.js';
import { createJobRegistry } from '../../../lib/jobs.js';
import { addDays, isoDate, localDate } from '../../../lib/zoned-time.js';
import { apiPath } from '../../../test/api-path.js';
import { accountCookie, paidRegistration } from '../../../test/billing.js';
import {
  createTestDatabase,
  TEST_DATABASES,
  testConfig,
  type TestDatabase,
} from '../../../test/databases.js';
import { signedInEmployee } from '../../../test/employees.js';
import { startLocalServer } from '../../../test/local-server.js';
import * as account from '../../account/index.js';
import * as auth from '../../auth/index.js';
import * as payments from '../../payments/index.js';
import * as plans from '../../plans/index.js';
import * as registration from '../../registration/index.js';
import {
  createUptimeJob,
  registerUptime,
  type SystemRequests,
  type UptimeJob,
  type UptimeService,
} from './index.js';

type OpenInput = Parameters<SystemRequests['open']>[0];

/** The support service's stand-in: records every call (across both instances) and can fail on cue. */
function recordingRequests() {
  const opened: OpenInput[] = [];
  const resolved: {
    requestId: string;
    resolution: string;
    facts?: { url: string; minutes: number };
  }[] = [];
  let failures = 0;
  const requests: SystemRequests = {
    async open(input) {
      // A real service takes a moment: two callers racing would both be inside here at once.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (failures > 0) {
        failures--;
        throw new Error('The support service is down');
      }
      opened.push(input);
      return { id: `request-${opened.length}` };
    },
    async resolve(requestId, resolution, facts) {
      resolved.push({ requestId, resolution, ...(facts ? { facts } : {}) });
    },
  };
  return {
    requests,
    opened,
    resolved,
    failNextOpen: (n = 1) => void (failures = n),
    reset() {
      opened.length = 0;
      resolved.length = 0;
    },
  };
}

/** A client's website on 127.0.0.1 the test switches between answering, failing and gone. */
async function fakeSite() {
  let mode: 'ok' | 'error' | 'hang-up' = 'ok';
  let hits = 0;
  const server = await startLocalServer((req, _body, res) => {
    hits++;
    if (mode === 'hang-up') req.socket.destroy();
    else if (mode === 'error') res.writeHead(503).end('Service Unavailable');
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Open</h1>');
  });
  return {
    url: `${server.url}/`,
    set: (next: typeof mode) => void (mode = next),
    hits: () => hits,
    close: server.close,
  };
}

/** The clock every instance of a test reads: moved by hand, as the job's periods pass. */
function testClock() {
  let at = new Date();
  return {
    now: () => at,
    advance: (minutes: number) => void (at = new Date(at.getTime() + minutes * 60_000)),
  };
}

/**
 * One app instance: the app's own wiring (its feature context, the features a client's sign-up,
 * payment and sign-in go through, employee sign-in) plus registerUptime with the recording
 * requests, as the support feature registers it. Not buildApp: once the support feature wires
 * uptime with the real requests, buildApp would register these routes a second time.
 */
async function uptimeInstance(
  testDb: TestDatabase,
  config: Config,
  requests: SystemRequests,
  now: () => Date,
): Promise<{ app: FastifyInstance; uptime: UptimeService; job: UptimeJob }> {
  const app = createServer({ trustProxy: config.trustProxy });
  registerErrorHandling(app);
  registerInputGuard(app);
  const jobs = createJobRegistry();
  const ctx = await createFeatureContext(app, {
    config,
    database: testDb.database,
    jobs,
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  app.addHook('onClose', () => jobs.stopAll());
  app.decorate('auth', ctx.services.auth);
  app.decorate('services', ctx.services);
  for (const feature of [auth, plans, registration, payments, account])
    await feature.register(app, ctx);
  const { uptime, job } = await registerUptime(app, ctx, requests, { now });
  registerAnswerCheck(app, ANSWERS);
  expect(jobs.names()).toContain('uptime checks');
  return { app, uptime, job };
}

const DAY = 86_400_000;

describe.each(TEST_DATABASES)('uptime checks of clients’ sites on %s', (kind) => {
  const config = testConfig({ WEBSITE_FETCH_ALLOW_LOOPBACK: 'true' });
  const recorder = recordingRequests();
  const clock = testClock();
  let testDb: TestDatabase;
  let a: Awaited<ReturnType<typeof uptimeInstance>>;
  let b: Awaited<ReturnType<typeof uptimeInstance>>;
  let cookie = '';
  let site: Awaited<ReturnType<typeof fakeSite>>;
  const under = () => ({ testDb, app: a.app, config, cookie });
  const db = () => testDb.database.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    // Two instances on one database, as two servers behind the load balancer.
    a = await uptimeInstance(testDb, config, recorder.requests, clock.now);
    b = await uptimeInstance(testDb, config, recorder.requests, clock.now);
    cookie = (await signedInEmployee(a.app, db(), 'staff')).cookie;
    site = await fakeSite();
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await site?.close();
    await testDb?.cleanup();
  });

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, as = cookie) =>
    a.app.inject({
      method,
      url,
      headers: as ? { cookie: as } : {},
      ...(payload ? { payload } : {}),
    });
  const client = () => paidRegistration(under(), 'growing');
  const watch = async (id: string, url: string) => {
    const res = await call('PUT', apiPath(setClientSiteMonitor, { id }), { url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ site: SiteUptime }>().site;
  };
  const read = async (id: string) =>
    (await call('GET', apiPath(getClientSiteMonitor, { id }))).json<{ site: SiteUptime | null }>()
      .site;
  /** Both instances' job ticks at the same moment; answers how many sites each checked. */
  const tickBoth = async () => {
    const [x, y] = await Promise.all([a.job.tick(), b.job.tick()]);
    return [x.checked, y.checked];
  };
  /** Moves every other test's sites out of the way: only `id` is due. */
  const onlyDue = async (id: string) => {
    await db()
      .update(siteMonitors)
      .set({ nextCheckAt: new Date(clock.now().getTime() + 365 * DAY) });
    await db()
      .update(siteMonitors)
      .set({ nextCheckAt: clock.now() })
      .where(eq(siteMonitors.registrationId, id));
  };

  it('refuses visitors and signed-out clients', async () => {
    const id = crypto.randomUUID();
    const answers = await Promise.all([
      call('GET', apiPath(getClientSiteMonitor, { id }), undefined, ''),
      call('PUT', apiPath(setClientSiteMonitor, { id }), { url: 'https://example.com' }, ''),
      call('DELETE', apiPath(removeClientSiteMonitor, { id }), undefined, ''),
      call('GET', apiPath(getMySiteUptime), undefined, ''),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect(answers[3].json()).toMatchObject({ code: 'billing_signed_out' });
  });

  it('answers 404 business_not_found for an unknown client', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const answers = await Promise.all([
        call('GET', apiPath(getClientSiteMonitor, { id })),
        call('PUT', apiPath(setClientSiteMonitor, { id }), { url: 'https://example.com' }),
        call('DELETE', apiPath(removeClientSiteMonitor, { id })),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'business_not_found' });
      }
    }
  });

  it('refuses an address that is not a public http(s) website, naming the field', async () => {
    const { registrationId: id } = await client();
    for (const [url, code] of [
      ['', 'field_required'],
      ['ftp://files.example.com/', 'field_web_address'],
      ['javascript:alert(1)', 'field_web_address'],
      ['not a website', 'field_web_address'],
      ['intranet', 'field_web_address'],
      ['https://user:secret@example.com/', 'field_invalid'],
      ['http://10.1.2.3/', 'field_invalid'],
      ['http://169.254.169.254/latest/meta-data', 'field_invalid'],
      ['http://[fd00::1]/', 'field_invalid'],
    ] as const) {
      const res = await call('PUT', apiPath(setClientSiteMonitor, { id }), { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        code: 'validation',
        issues: [{ field: 'url', code }],
      });
    }
    expect(await read(id)).toBeNull();
    expect((await call('PUT', apiPath(setClientSiteMonitor, { id }), {})).statusCode).toBe(400);
  });

  it('watches, shows and stops watching a client’s site; the client sees their own', async () => {
    const paid = await client();
    const id = paid.registrationId;
    expect(await read(id)).toBeNull();
    const watched = await watch(id, 'example.com');
    expect(watched).toEqual({
      url: 'https://example.com/',
      state: 'unknown',
      lastCheckedAt: null,
      lastStatus: null,
      lastTtfbMs: null,
      lastError: null,
      certificateExpiresAt: null,
      uptime: null,
      checks: 0,
      outages: [],
    });
    expect(await read(id)).toEqual(watched);
    // Saving the same address again changes nothing.
    expect(await watch(id, 'https://example.com/')).toEqual(watched);

    const clientCookie = await accountCookie(under(), paid.email);
    const mine = await call('GET', apiPath(getMySiteUptime), undefined, clientCookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ site: watched });
    // Another client sees nothing of it.
    const other = await client();
    const theirs = await call(
      'GET',
      apiPath(getMySiteUptime),
      undefined,
      await accountCookie(under(), other.email),
    );
    expect(theirs.json()).toEqual({ site: null });

    const removed = await call('DELETE', apiPath(removeClientSiteMonitor, { id }));
    expect(removed.statusCode).toBe(204);
    expect(await read(id)).toBeNull();
    expect((await call('GET', apiPath(getMySiteUptime), undefined, clientCookie)).json()).toEqual({
      site: null,
    });
  });

  it('two failed checks in a row open one outage and one urgent request across two instances; recovery resolves it', async () => {
    recorder.reset();
    site.set('ok');
    const { registrationId: id } = await client();
    await watch(id, site.url);
    await onlyDue(id);

    // Up: both instances tick at once, the site is checked once.
    const hitsBefore = site.hits();
    expect((await tickBoth()).reduce((x, y) => x + y)).toBe(1);
    expect(site.hits() - hitsBefore).toBe(1);
    expect(await read(id)).toMatchObject({ state: 'up', lastStatus: 200, lastError: null });
    // Within the period nothing is due, whoever looks.
    clock.advance(1);
    expect(await tickBoth()).toEqual([0, 0]);

    // First failure: still up, nothing opened.
    site.set('error');
    const failedAt = new Date(clock.now().getTime() + 4 * 60_000);
    clock.advance(4);
    expect((await tickBoth()).reduce((x, y) => x + y)).toBe(1);
    expect(await read(id)).toMatchObject({
      state: 'up',
      lastStatus: 503,
      lastError: 'The server answered 503',
    });
    expect(recorder.opened).toEqual([]);

    // Second failure: down, one outage, one urgent request.
    clock.advance(5);
    expect((await tickBoth()).reduce((x, y) => x + y)).toBe(1);
    expect(recorder.opened).toEqual([
      {
        registrationId: id,
        urgency: 'urgent',
        source: 'uptime',
        body: expect.stringContaining('The server answered 503'),
        siteUrl: site.url,
        facts: { kind: 'site_down', since: expect.any(Date) },
      },
    ]);
    expect(recorder.opened[0]!.body).toContain(site.url);
    const down = (await read(id))!;
    expect(down).toMatchObject({ state: 'down', lastError: 'The server answered 503' });
    expect(down.outages).toEqual([
      { startedAt: failedAt.toISOString(), endedAt: null, minutes: 5 },
    ]);

    // Still down: no second outage, no second request.
    site.set('hang-up');
    clock.advance(5);
    expect((await tickBoth()).reduce((x, y) => x + y)).toBe(1);
    expect(recorder.opened).toHaveLength(1);
    expect(await read(id)).toMatchObject({
      state: 'down',
      lastStatus: null,
      lastError: 'The server closed the connection without answering',
    });

    // Both instances record a failed check at the very same moment: still one request.
    const failed: ProbeResult = {
      ok: false,
      status: null,
      ttfbMs: null,
      certificateExpiresAt: null,
      error: 'No answer within 10 seconds',
    };
    await Promise.all([
      a.uptime.record(id, failed, clock.now()),
      b.uptime.record(id, failed, clock.now()),
    ]);
    expect(recorder.opened).toHaveLength(1);
    const open = await db()
      .select()
      .from(siteOutages)
      .where(and(eq(siteOutages.registrationId, id), isNull(siteOutages.endedAt)));
    expect(open).toEqual([expect.objectContaining({ requestId: 'request-1' })]);

    // Back: the outage ends with its length, and the request is resolved in those words.
    site.set('ok');
    clock.advance(5);
    expect((await tickBoth()).reduce((x, y) => x + y)).toBe(1);
    expect(recorder.resolved).toEqual([
      {
        requestId: 'request-1',
        resolution: 'The site answered again after 15 minutes.',
        facts: { url: site.url, minutes: 15 },
      },
    ]);
    const back = (await read(id))!;
    expect(back).toMatchObject({ state: 'up', lastStatus: 200, lastError: null, checks: 7 });
    expect(back.outages).toEqual([
      {
        startedAt: failedAt.toISOString(),
        endedAt: clock.now().toISOString(),
        minutes: 15,
      },
    ]);
    // 7 checks: up, 503, 503, hang-up, the two recorded at once, up.
    expect(back.uptime).toBeCloseTo(2 / 7, 10);
    expect(recorder.opened).toHaveLength(1);
  });

  it('a request that failed to open is opened by a later failed check, once', async () => {
    recorder.reset();
    const { registrationId: id } = await client();
    await watch(id, site.url);
    await onlyDue(id);
    site.set('error');
    recorder.failNextOpen();
    await tickBoth();
    clock.advance(5);
    await tickBoth();
    expect(recorder.opened).toEqual([]);
    expect((await read(id))!.state).toBe('down');
    clock.advance(5);
    await tickBoth();
    expect(recorder.opened).toHaveLength(1);
    clock.advance(5);
    await tickBoth();
    expect(recorder.opened).toHaveLength(1);
    site.set('ok');
  });

  it('a site at an address the fetch refuses is down in those words, nothing sent', async () => {
    const { registrationId: id } = await client();
    await watch(id, site.url);
    // As if the address had changed to a private one since it was saved (DNS can).
    await db()
      .update(siteMonitors)
      .set({ url: 'http://10.20.30.40/' })
      .where(eq(siteMonitors.registrationId, id));
    await onlyDue(id);
    recorder.reset();
    await tickBoth();
    clock.advance(5);
    await tickBoth();
    expect(await read(id)).toMatchObject({
      state: 'down',
      lastStatus: null,
      lastError: 'This website address points to a private network and was not fetched',
    });
    expect(recorder.opened).toHaveLength(1);
  });

  it('uptime is the share of checks up over the last 30 days; outages of the last 30 days', async () => {
    const { registrationId: id } = await client();
    await watch(id, 'https://uptime-share.example.com/');
    const now = clock.now();
    const today = localDate(now, config.timeZone);
    await db()
      .insert(siteUptimeDays)
      .values([
        // Older than 30 days: not counted.
        { registrationId: id, day: isoDate(addDays(today, -30)), checks: 288, up: 0 },
        { registrationId: id, day: isoDate(addDays(today, -29)), checks: 288, up: 144 },
        { registrationId: id, day: isoDate(addDays(today, -1)), checks: 288, up: 288 },
        { registrationId: id, day: isoDate(today), checks: 24, up: 24 },
      ]);
    await db()
      .insert(siteOutages)
      .values([
        {
          registrationId: id,
          startedAt: new Date(now.getTime() - 40 * DAY),
          endedAt: new Date(now.getTime() - 40 * DAY + 3_600_000),
        },
        {
          registrationId: id,
          startedAt: new Date(now.getTime() - 29 * DAY),
          endedAt: new Date(now.getTime() - 29 * DAY + 42 * 60_000),
          requestId: 'old',
        },
      ]);
    const shown = (await read(id))!;
    expect(shown.checks).toBe(600);
    expect(shown.uptime).toBeCloseTo(456 / 600, 10);
    expect(shown.outages.map((o) => o.minutes)).toEqual([42]);
  });

  it('a certificate expiring within 14 days opens one normal request per certificate', async () => {
    recorder.reset();
    const { registrationId: id } = await client();
    await watch(id, 'https://cert.example.com/');
    const now = clock.now();
    const answer = (expiresInDays: number): ProbeResult => ({
      ok: true,
      status: 200,
      ttfbMs: 80,
      certificateExpiresAt: new Date(now.getTime() + expiresInDays * DAY),
      error: null,
    });
    // Far off: nothing.
    await a.uptime.record(id, answer(60), now);
    expect(recorder.opened).toEqual([]);
    expect((await read(id))!.certificateExpiresAt).toBe(
      new Date(now.getTime() + 60 * DAY).toISOString(),
    );
    // Within 14 days: one request, however many checks see it, on whichever instance.
    const soon = answer(CERTIFICATE_WARNING_DAYS - 4);
    await Promise.all([a.uptime.record(id, soon, now), b.uptime.record(id, soon, now)]);
    await a.uptime.record(id, soon, now);
    expect(recorder.opened).toEqual([
      {
        registrationId: id,
        urgency: 'normal',
        source: 'certificate',
        body: expect.stringContaining('in 10 days'),
        siteUrl: 'https://cert.example.com/',
        facts: { kind: 'certificate', expires: expect.any(Date) },
      },
    ]);
    expect(recorder.opened[0]!.body).toContain('https://cert.example.com/');
    // A failed check keeps the certificate seen last.
    await a.uptime.record(
      id,
      {
        ok: false,
        status: 502,
        ttfbMs: 10,
        certificateExpiresAt: null,
        error: 'The server answered 502',
      },
      now,
    );
    expect((await read(id))!.certificateExpiresAt).toBe(soon.certificateExpiresAt!.toISOString());
    // A new certificate, also close to expiry: its own request.
    await a.uptime.record(id, answer(13), now);
    expect(recorder.opened).toHaveLength(2);
    // A renewed one far off: nothing more.
    await a.uptime.record(id, answer(90), now);
    expect(recorder.opened).toHaveLength(2);
    // A warning that could not be opened is tried again by the next check.
    recorder.failNextOpen();
    await a.uptime.record(id, answer(5), now);
    expect(recorder.opened).toHaveLength(2);
    await a.uptime.record(id, answer(5), now);
    expect(recorder.opened).toHaveLength(3);
  });

  it('removing a site that is down resolves its request', async () => {
    recorder.reset();
    const { registrationId: id } = await client();
    await watch(id, site.url);
    await onlyDue(id);
    site.set('error');
    await tickBoth();
    clock.advance(5);
    await tickBoth();
    expect(recorder.opened).toHaveLength(1);
    expect((await call('DELETE', apiPath(removeClientSiteMonitor, { id }))).statusCode).toBe(204);
    expect(recorder.resolved).toEqual([
      { requestId: 'request-1', resolution: 'Uptime checks of this website were stopped.' },
    ]);
    expect(await db().select().from(siteOutages).where(eq(siteOutages.registrationId, id))).toEqual(
      [],
    );
    site.set('ok');
  });
});

describe('uptime on an app that refuses loopback', () => {
  it('refuses a site on this machine when it is saved', async () => {
    const testDb = await createTestDatabase('pglite');
    const config = testConfig();
    const { app } = await uptimeInstance(
      testDb,
      config,
      recordingRequests().requests,
      () => new Date(),
    );
    try {
      const cookie = (await signedInEmployee(app, testDb.database.db, 'staff')).cookie;
      const { registrationId: id } = await paidRegistration(
        { testDb, app, config, cookie },
        'growing',
      );
      for (const url of ['http://127.0.0.1:8080/', 'http://localhost:3000/', 'http://[::1]/']) {
        const res = await app.inject({
          method: 'PUT',
          url: apiPath(setClientSiteMonitor, { id }),
          headers: { cookie },
          payload: { url },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().issues[0].message).toMatch(/private network/);
      }
    } finally {
      await app.close();
      await testDb.cleanup();
    }
  });
});

describe('the uptime job', () => {
  const sites = Array.from({ length: 60 }, (_, n) => ({
    registrationId: `site-${n}`,
    url: `https://site-${n}.example/`,
  }));

  it('checks every claimed site, at most `concurrency` at once, past a check that throws', async () => {
    let running = 0;
    let most = 0;
    const checked: string[] = [];
    const errors: unknown[] = [];
    const job = createUptimeJob({
      concurrency: 7,
      log: { info: () => {}, error: (obj: unknown) => void errors.push(obj) },
      uptime: {
        claimDue: async () => sites,
        check: async (site) => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 1 + (site.url.length % 5)));
          running--;
          if (site.registrationId === 'site-3') throw new Error('database blip');
          checked.push(site.registrationId);
          return {
            registrationId: site.registrationId,
            ok: site.registrationId !== 'site-4',
            state: site.registrationId === 'site-4' ? 'down' : 'up',
            outageOpened: false,
            outageEndedMinutes: null,
            certificateWarned: false,
          };
        },
      },
    });
    const tick = await job.tick();
    expect(tick).toMatchObject({ claimed: 60, checked: 59, down: 1, mostAtOnce: 7 });
    expect(most).toBe(7);
    expect(checked).toHaveLength(59);
    expect(errors).toHaveLength(1);
  });

  it('runs one tick at a time; start ticks at once and stop waits for the tick under way', async () => {
    let claims = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = createUptimeJob({
      everyMs: 60_000,
      uptime: {
        claimDue: async () => {
          claims++;
          await gate;
          return [];
        },
        check: async () => null,
      },
    });
    const runs: boolean[] = [];
    job.onRun((run) => runs.push(run.failed));
    job.start();
    const again = job.tick(); // joins the tick start() began
    expect(claims).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await again).toMatchObject({ claimed: 0, checked: 0 });
    expect(claims).toBe(1);
    expect(runs).toEqual([false]);
  });
});
