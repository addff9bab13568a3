// npm run bench:load — capacity (decision 027): the highest open-loop arrival rate (Poisson) of
// a mixed traffic the production server holds (reads p99 ≤ 50 ms, writes p99 ≤ 150 ms, ≤ 0.1 %
// errors), on PGlite and on PostgreSQL with one instance and two. Latency counts from the
// scheduled send, so a queue cannot hide. The rate steps up by BENCH_RATE_STEP until a step
// misses, then one step halfway. The mix per 10 arrivals: landing ×2, plans ×2, portfolio ×2, a
// checkout (three writes from its own address) and an employee's two searches and investor page.
// BENCH_LOAD_SETUPS (default 'pglite,postgres,postgres-x2') chooses the setups.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '../src/server/test/faults/child.js';
import {
  checkBudgets,
  cpuSeconds,
  machineCpuSeconds,
  quantile,
  requireBuild,
  serverEntry,
  serverEnv,
  stopServer,
  waitFor,
  withThrowawayDatabase,
  type Budget,
} from './lib.js';

const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 10);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
const RATE_STEP = Number(process.env.BENCH_RATE_STEP ?? 50);
const MAX_RATE = Number(process.env.BENCH_MAX_RATE ?? 3000);
const SETUPS = (process.env.BENCH_LOAD_SETUPS ?? 'pglite,postgres,postgres-x2')
  .split(',')
  .map((s) => s.trim());
const REDIS_URL =
  process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUDGET_MS = { read: 50, write: 150 } as const;
const ERROR_BUDGET = 0.001;
const CAPACITY_BUDGET = { pglite: 150, postgresPerInstance: 400, twoInstancesScaling: 1.7 };
const ADMIN = { email: 'load-owner@agency.example', password: 'load bench passphrase 1' };

type Kind = keyof typeof BUDGET_MS;

/** One step: each answer's latency (from its scheduled send) by route, errors, CPU. */
class Step {
  readonly routes = new Map<string, { kind: Kind; times: number[] }>();
  requests = 0;
  errors = 0;
  errorSamples: string[] = [];
  /** How late each arrival was sent (ms): large values mean the generator fell behind. */
  lags: number[] = [];

  constructor(readonly rate: number) {}

  add(name: string, kind: Kind, ms: number, error?: string) {
    this.requests++;
    if (error !== undefined) {
      this.errors++;
      if (this.errorSamples.length < 3) this.errorSamples.push(`${name}: ${error}`);
    }
    let route = this.routes.get(name);
    if (!route) this.routes.set(name, (route = { kind, times: [] }));
    route.times.push(ms);
  }

  p(kind: Kind, q: number): number {
    const times = [...this.routes.values()].filter((r) => r.kind === kind).flatMap((r) => r.times);
    return quantile(
      times.sort((a, b) => a - b),
      q,
    );
  }

  get errorRate(): number {
    return this.requests === 0 ? 1 : this.errors / this.requests;
  }

  /** Why the step misses its budget, or '' when it holds. */
  get miss(): string {
    const reasons: string[] = [];
    if (this.p('read', 0.99) > BUDGET_MS.read)
      reasons.push(`reads p99 ${this.p('read', 0.99).toFixed(0)} ms > ${BUDGET_MS.read}`);
    if (this.p('write', 0.99) > BUDGET_MS.write)
      reasons.push(`writes p99 ${this.p('write', 0.99).toFixed(0)} ms > ${BUDGET_MS.write}`);
    if (this.errorRate > ERROR_BUDGET)
      reasons.push(`errors ${(this.errorRate * 100).toFixed(2)} % > ${ERROR_BUDGET * 100} %`);
    return reasons.join(', ');
  }
}

/**
 * Visitors come from many addresses, so the per-address limits (registrations and payments per
 * minute) hold as they would for real traffic: each checkout comes from the next address of a pool
 * of 65 536, which comes round again only after thousands of other visitors.
 */
let nextAddress = 0;
/** Requests sent so far, warm-ups included: the divisor of the servers' CPU per request. */
let sent = 0;
const visitorAddress = () => {
  const n = nextAddress++ % 65_536;
  return `10.77.${n >> 8}.${n & 255}`;
};

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    // Better Auth wants the Origin a browser sends.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.78.0.1', origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The traffic against `bases` (round robin), driven by the open-loop scheduler. */
async function trafficFor(bases: string[]) {
  const plans = (await (await fetch(`${bases[0]}/api/subscription-plans`)).json()) as {
    id: number;
    name: string;
    price: string;
  }[];
  const cookie = await signIn(bases[0]!);
  const employee = { cookie, 'x-forwarded-for': '10.78.0.1' };
  const json = (address: string) => ({
    'content-type': 'application/json',
    'x-forwarded-for': address,
  });
  let turn = 0;
  let visitors = 0;
  let arrivals = 0;

  /** One request, timed from `scheduledAt`; answers its JSON when the status is as expected. */
  async function send(
    step: Step | null,
    name: string,
    kind: Kind,
    expect: number,
    url: string,
    init: RequestInit,
    scheduledAt: number,
  ) {
    const base = bases[turn++ % bases.length]!;
    sent++;
    try {
      const response = await fetch(`${base}${url}`, {
        ...init,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      const ok = response.status === expect;
      step?.add(
        name,
        kind,
        performance.now() - scheduledAt,
        ok ? undefined : `${response.status} ${text.slice(0, 120)}`,
      );
      return ok && response.headers.get('content-type')?.includes('json')
        ? (JSON.parse(text) as Record<string, unknown>)
        : null;
    } catch (error) {
      step?.add(name, kind, performance.now() - scheduledAt, (error as Error).message);
      return null;
    }
  }

  const read = (
    step: Step | null,
    at: number,
    name: string,
    url: string,
    headers: Record<string, string> = {},
  ) =>
    send(
      step,
      `GET ${name}`,
      'read',
      200,
      url,
      { headers: { 'x-forwarded-for': visitorAddress(), ...headers } },
      at,
    );

  /** A customer registers, asks for a payment and pays, each write after the last answered. */
  async function checkout(step: Step | null, at: number) {
    const n = visitors++;
    const address = visitorAddress();
    const plan = plans[n % plans.length]!;
    const post = (name: string, expect: number, body: unknown, scheduledAt: number) =>
      send(
        step,
        `POST ${name}`,
        'write',
        expect,
        name,
        { method: 'POST', headers: json(address), body: JSON.stringify(body) },
        scheduledAt,
      );
    const registration = await post(
      '/api/business-registration',
      201,
      {
        businessName: `Load Test Shop ${n}`,
        ownerName: 'Pat Example',
        email: `load-${n}@example.com`,
        businessType: 'Retail Store',
        subscriptionPlan: plan.name,
      },
      at,
    );
    const registrationId = registration?.id;
    if (typeof registrationId !== 'string') return;
    const intent = await post(
      '/api/create-payment-intent',
      200,
      { planId: plan.id, amount: plan.price, registrationId },
      performance.now(),
    );
    const clientSecret = intent?.clientSecret;
    if (typeof clientSecret !== 'string') return;
    await post(
      '/api/payments/test/confirm',
      200,
      { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      performance.now(),
    );
  }

  const categories = ['plumber', 'restaurant', 'dentist', 'electrician', 'bakery'];
  const mix: ((step: Step | null, at: number, k: number) => Promise<unknown>)[] = [
    (s, at) => read(s, at, '/', '/', { accept: 'text/html' }),
    (s, at) => read(s, at, '/api/subscription-plans', '/api/subscription-plans'),
    (s, at) => read(s, at, '/api/portfolio', '/api/portfolio'),
    (s, at, k) =>
      read(
        s,
        at,
        '/api/businesses/search',
        `/api/businesses/search?category=${categories[k % categories.length]}&radius=30`,
        employee,
      ),
    (s, at) => read(s, at, '/', '/', { accept: 'text/html' }),
    (s, at) => read(s, at, '/api/subscription-plans', '/api/subscription-plans'),
    (s, at) => checkout(s, at),
    (s, at) => read(s, at, '/api/portfolio', '/api/portfolio'),
    (s, at, k) =>
      read(s, at, '/api/investors', `/api/investors?limit=6&offset=${6 * (k % 3)}`, employee),
    (s, at, k) =>
      read(
        s,
        at,
        '/api/businesses/search',
        `/api/businesses/search?category=${categories[(k + 2) % categories.length]}&radius=10`,
        employee,
      ),
  ];
  /** Requests per arrival on average (a checkout is three). */
  const requestsPerArrival = (mix.length + 2) / mix.length;

  /**
   * Poisson arrivals at `rate` requests/s for `seconds`, each started at its scheduled time (a late
   * one at once, its lateness counted); those after `recordFrom` s go into `step`. Awaits all.
   */
  return async function drive(
    rate: number,
    seconds: number,
    recordFrom: number,
    step: Step,
  ): Promise<void> {
    const meanGapMs = (1000 * requestsPerArrival) / rate;
    const start = performance.now();
    const end = start + seconds * 1000;
    const recordAt = start + recordFrom * 1000;
    const pending: Promise<unknown>[] = [];
    let at = start;
    for (;;) {
      at += -Math.log(1 - Math.random()) * meanGapMs;
      if (at >= end) break;
      const wait = at - performance.now();
      if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
      const recording = at >= recordAt;
      if (recording) step.lags.push(Math.max(0, performance.now() - at));
      const k = arrivals++;
      pending.push(mix[k % mix.length]!(recording ? step : null, at, Math.floor(k / mix.length)));
    }
    await Promise.all(pending);
  };
}

interface Instance {
  server: ChildProcess;
  base: string;
}

/** Starts `count` production servers (unpinned) on PGlite or `databaseUrl`, one by one. */
async function startInstances(
  count: number,
  databaseUrl: string | undefined,
  extra: Record<string, string>,
): Promise<{ instances: Instance[]; cleanup: () => Promise<void> }> {
  const instances: Instance[] = [];
  const dirs: string[] = [];
  const cleanup = async () => {
    await Promise.all(instances.map((i) => stopServer(i.server)));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
      dirs.push(dataDir);
      // A port nobody holds (a fixed range met RabbitMQ's 5672 on this machine).
      const port = await freePort();
      const server = spawn(process.execPath, [serverEntry], {
        env: serverEnv(port, dataDir, {
          DATABASE_URL: databaseUrl ?? '',
          TRUST_PROXY: 'true',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
          ...extra,
        }),
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const base = `http://127.0.0.1:${port}`;
      instances.push({ server, base });
      await waitFor(`${base}/readyz`, 120_000, server);
    }
    return { instances, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

/** Steps the rate up until a step misses; answers the highest rate that held (0 for none). */
async function capacity(label: string, instances: Instance[]): Promise<number> {
  const drive = await trafficFor(instances.map((i) => i.base));
  const cores = os.availableParallelism();
  console.log(
    `\n${label}: open-loop Poisson arrivals, ${WARM_UP_SECONDS} s warm-up + ${STEP_SECONDS} s measured per step`,
  );
  console.log(
    [
      'offered',
      'answered',
      'reads p50/p99',
      'writes p50/p99',
      'errors',
      'gen. lag p99',
      'gen. CPU',
      'server CPU',
      'srv CPU/req',
      `machine CPU (${cores} cores)`,
      '',
    ]
      .map((c, i) => c.padEnd(i < 2 ? 9 : 15))
      .join(' '),
  );
  const steps: Step[] = [];
  const run = async (rate: number): Promise<Step> => {
    const step = new Step(rate);
    const generator = process.cpuUsage();
    const servers = instances.map((i) => cpuSeconds(i.server.pid));
    const sentBefore = sent;
    const machine = machineCpuSeconds();
    const started = performance.now();
    await drive(rate, WARM_UP_SECONDS + STEP_SECONDS, WARM_UP_SECONDS, step);
    const wall = (performance.now() - started) / 1000;
    const used = process.cpuUsage(generator);
    const machineNow = machineCpuSeconds();
    const serverSeconds = instances.map((i, n) => cpuSeconds(i.server.pid) - servers[n]!);
    const serverCpu = serverSeconds.map((seconds) => pct(seconds / wall)).join(' + ');
    // What one request costs the servers in CPU, whatever share of the cores they got: 1000 / it is
    // roughly what one core of their own would carry.
    const cpuPerRequest = (1000 * serverSeconds.reduce((a, b) => a + b, 0)) / (sent - sentBefore);
    const machineBusy =
      (machineNow.busy - machine.busy) / ((machineNow.total - machine.total) / cores);
    const cells = [
      `${rate}/s`,
      `${(step.requests / STEP_SECONDS).toFixed(0)}/s`,
      `${step.p('read', 0.5).toFixed(1)} / ${step.p('read', 0.99).toFixed(1)}`,
      `${step.p('write', 0.5).toFixed(1)} / ${step.p('write', 0.99).toFixed(1)}`,
      `${step.errors} (${(step.errorRate * 100).toFixed(2)}%)`,
      `${quantile(
        step.lags.sort((a, b) => a - b),
        0.99,
      ).toFixed(1)} ms`,
      pct((used.user + used.system) / 1e6 / wall),
      serverCpu,
      `${cpuPerRequest.toFixed(2)} ms`,
      `${pct(machineBusy)} of ${cores * 100}%`,
      step.miss ? `MISSED: ${step.miss}` : 'holds',
    ];
    console.log(cells.map((c, i) => c.padEnd(i < 2 ? 9 : 15)).join(' '));
    for (const sample of step.errorSamples) console.log(`    e.g. ${sample}`);
    steps.push(step);
    return step;
  };

  let held = 0;
  let missed: Step | undefined;
  for (let rate = RATE_STEP; rate <= MAX_RATE; rate += RATE_STEP) {
    const step = await run(rate);
    if (step.miss) {
      missed = step;
      break;
    }
    held = rate;
  }
  // One step halfway between the last rate that held and the first that missed.
  if (missed && RATE_STEP >= 20) {
    const half = held + Math.round(RATE_STEP / 2);
    if (!(await run(half)).miss) held = half;
  }
  const routesOf = (step: Step) =>
    [...step.routes]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, r]) => {
        const sorted = r.times.sort((a, b) => a - b);
        return `    ${name.padEnd(36)} ${String(sorted.length).padStart(5)}  p50 ${quantile(sorted, 0.5).toFixed(1).padStart(6)}  p99 ${quantile(sorted, 0.99).toFixed(1).padStart(6)} ms (budget ${BUDGET_MS[r.kind]})`;
      })
      .join('\n');
  const best = steps.find((s) => s.rate === held);
  if (best) console.log(`  by route at ${held}/s (held):\n${routesOf(best)}`);
  if (missed) console.log(`  by route at ${missed.rate}/s (missed):\n${routesOf(missed)}`);
  console.log(`${label}: capacity ${held} req/s`);
  return held;
}

/** Runs `fn` with `count` servers on PGlite, or on a throw-away PostgreSQL with Redis counters. */
async function withSetup(
  kind: 'pglite' | 'postgres',
  count: number,
  fn: (instances: Instance[]) => Promise<number>,
): Promise<number> {
  if (kind === 'pglite') {
    const { instances, cleanup } = await startInstances(1, undefined, {});
    try {
      return await fn(instances);
    } finally {
      await cleanup();
    }
  }
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2000,
  });
  redis.on('error', () => {}); // a failure to connect is reported below
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis does not answer at ${REDIS_URL} (${(error as Error).message}): the PostgreSQL setups keep their shared counters there`,
      {
        cause: error,
      },
    );
  }
  const prefix = `bench-load-${crypto.randomBytes(4).toString('hex')}:`;
  try {
    return await withThrowawayDatabase(async (url) => {
      const { instances, cleanup } = await startInstances(count, url, {
        AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
        REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
      });
      try {
        return await fn(instances);
      } finally {
        await cleanup();
      }
    });
  } finally {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
}

requireBuild();
console.log(
  `bench:load on ${os.availableParallelism()} cores shared by the load generator (this process), the server(s), PostgreSQL and whatever else runs: ` +
    'nothing is pinned. gen. lag is how late this generator sent its arrivals and gen. CPU its own share of a core; ' +
    'while both stay low the generator is not what limits the rate.',
);
const measured: Record<string, number> = {};
const attempt = async (name: string, run: () => Promise<number>) => {
  try {
    measured[name] = await run();
  } catch (error) {
    console.error(`\n${name}: ${(error as Error).message}`);
    measured[name] = NaN;
  }
};
if (SETUPS.includes('pglite'))
  await attempt('pglite', () => withSetup('pglite', 1, (i) => capacity('PGlite, one instance', i)));
if (SETUPS.includes('postgres'))
  await attempt('postgres', () =>
    withSetup('postgres', 1, (i) => capacity('PostgreSQL, one instance (counters in Redis)', i)),
  );
if (SETUPS.includes('postgres-x2'))
  await attempt('postgres-x2', () =>
    withSetup('postgres', 2, (i) =>
      capacity('PostgreSQL, two instances on one database (counters in Redis, round robin)', i),
    ),
  );

const budgets: Budget[] = [];
if ('pglite' in measured)
  budgets.push({
    what: 'PGlite capacity',
    measured: measured.pglite!,
    must: '>=',
    limit: CAPACITY_BUDGET.pglite,
    unit: 'req/s',
    digits: 0,
  });
if ('postgres' in measured)
  budgets.push({
    what: 'PostgreSQL ×1 capacity',
    measured: measured.postgres!,
    must: '>=',
    limit: CAPACITY_BUDGET.postgresPerInstance,
    unit: 'req/s',
    digits: 0,
  });
if ('postgres-x2' in measured)
  budgets.push({
    what: 'PostgreSQL ×2 capacity per instance',
    measured: measured['postgres-x2']! / 2,
    must: '>=',
    limit: CAPACITY_BUDGET.postgresPerInstance,
    unit: 'req/s',
    digits: 0,
  });
if ('postgres' in measured && 'postgres-x2' in measured)
  budgets.push({
    what: 'PostgreSQL ×2 ÷ ×1',
    measured: measured['postgres-x2']! / measured.postgres!,
    must: '>=',
    limit: CAPACITY_BUDGET.twoInstancesScaling,
    unit: '×',
    digits: 2,
  });
checkBudgets(
  'load',
  `capacity of the mix, reads p99 ≤ ${BUDGET_MS.read} ms, writes p99 ≤ ${BUDGET_MS.write} ms, errors ≤ ${ERROR_BUDGET * 100} %`,
  budgets,
);
