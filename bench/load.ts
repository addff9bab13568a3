// npm run bench:load — mixed traffic against the production server (a child process) for
// BENCH_SECONDS (default 60) on PGlite and then on a throw-away PostgreSQL database: visitors read
// the landing page, plans and portfolio, register, create a payment and pay with the test card;
// a signed-in employee searches leads and pages through investors. Budget: no errors, no 5xx,
// reads p99 < 50 ms, writes p99 < 150 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pinningNote, quantile, requireBuild, serverEntry, serverEnv, spawnServer, stopServer, waitFor, withThrowawayDatabase } from './lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARM_UP_SECONDS = Math.min(5, Math.ceil(SECONDS / 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET_MS = { read: 50, write: 150 };
const ADMIN = { email: 'load-owner@agency.example', password: 'load bench passphrase 1' };

type Kind = keyof typeof BUDGET_MS;
interface Route {
  kind: Kind;
  expect: number;
  times: number[];
  statuses: Map<number, number>;
  errors: number;
}

class Recorder {
  readonly routes = new Map<string, Route>();
  recording = false;
  errorSamples: string[] = [];

  route(name: string, kind: Kind, expect: number): Route {
    let route = this.routes.get(name);
    if (!route) this.routes.set(name, (route = { kind, expect, times: [], statuses: new Map(), errors: 0 }));
    return route;
  }

  /** One request, timed; answers the parsed JSON (or null) and whether it had the expected status. */
  async request(name: string, kind: Kind, expect: number, url: string, init: RequestInit = {}): Promise<{ ok: boolean; body: unknown }> {
    const route = this.route(name, kind, expect);
    const started = performance.now();
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
      const text = await response.text();
      const ms = performance.now() - started;
      if (this.recording) {
        route.times.push(ms);
        route.statuses.set(response.status, (route.statuses.get(response.status) ?? 0) + 1);
      }
      const ok = response.status === expect;
      if (!ok && this.recording && this.errorSamples.length < 5) this.errorSamples.push(`${name}: ${response.status} ${text.slice(0, 160)}`);
      return { ok, body: ok && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
    } catch (error) {
      if (this.recording) {
        route.errors++;
        if (this.errorSamples.length < 5) this.errorSamples.push(`${name}: ${(error as Error).message}`);
      }
      return { ok: false, body: null };
    }
  }
}

/**
 * Visitors come from many addresses (X-Forwarded-For; the server trusts it), so the per-address
 * limits (registrations and payments per minute) hold as they would for real traffic: each
 * visitor's registration and payment come from the next address of a pool of 65 536, which
 * comes round again only after thousands of other visitors.
 */
let nextAddress = 0;
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

async function runLoad(label: string, base: string) {
  const recorder = new Recorder();
  const plans = (await (await fetch(`${base}/api/subscription-plans`)).json()) as { id: number; name: string; price: string }[];
  const cookie = await signIn(base);
  const employee = { cookie, 'x-forwarded-for': '10.78.0.1' };
  const json = (address: string) => ({ 'content-type': 'application/json', 'x-forwarded-for': address });
  let visitors = 0;

  const read = (name: string, url: string, headers: Record<string, string> = {}) =>
    recorder.request(`GET ${name}`, 'read', 200, `${base}${url}`, { headers: { 'x-forwarded-for': visitorAddress(), ...headers } });

  /** A customer: registers, asks for a payment, pays with Stripe's test card. */
  async function checkout() {
    const n = visitors++;
    const address = visitorAddress();
    const plan = plans[n % plans.length]!;
    const registration = await recorder.request('POST /api/business-registration', 'write', 201, `${base}/api/business-registration`, {
      method: 'POST',
      headers: json(address),
      body: JSON.stringify({
        businessName: `Load Test Shop ${n}`,
        ownerName: 'Pat Example',
        email: `load-${n}@example.com`,
        businessType: 'Retail Store',
        subscriptionPlan: plan.name,
      }),
    });
    const registrationId = (registration.body as { id?: string } | null)?.id;
    if (!registrationId) return;
    const intent = await recorder.request('POST /api/create-payment-intent', 'write', 200, `${base}/api/create-payment-intent`, {
      method: 'POST',
      headers: json(address),
      body: JSON.stringify({ planId: plan.id, amount: plan.price, registrationId }),
    });
    const clientSecret = (intent.body as { clientSecret?: string } | null)?.clientSecret;
    if (!clientSecret) return;
    await recorder.request('POST /api/payments/test/confirm', 'write', 200, `${base}/api/payments/test/confirm`, {
      method: 'POST',
      headers: json(address),
      body: JSON.stringify({ clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    });
  }

  const categories = ['plumber', 'restaurant', 'dentist', 'electrician', 'bakery'];
  let step = 0;
  // What one connection does next: mostly visitors reading, some checkouts, an employee at work.
  const actions: (() => Promise<unknown>)[] = [
    () => read('/', '/', { accept: 'text/html' }),
    () => read('/', '/', { accept: 'text/html' }),
    () => read('/api/subscription-plans', '/api/subscription-plans'),
    () => read('/api/subscription-plans', '/api/subscription-plans'),
    () => read('/api/portfolio', '/api/portfolio'),
    () => read('/api/portfolio', '/api/portfolio'),
    checkout,
    () => read('/api/businesses/search', `/api/businesses/search?category=${categories[step % categories.length]}&radius=30`, employee),
    () => read('/api/investors', `/api/investors?limit=6&offset=${6 * (step % 3)}`, employee),
    () => read('/api/businesses/search', `/api/businesses/search?category=${categories[(step + 2) % categories.length]}&radius=10`, employee),
  ];

  const worker = async (deadline: number) => {
    while (Date.now() < deadline) await actions[step++ % actions.length]!();
  };
  const warmUpEnd = Date.now() + WARM_UP_SECONDS * 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, () => worker(warmUpEnd)));
  recorder.recording = true;
  const started = performance.now();
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, () => worker(end)));
  const elapsed = (performance.now() - started) / 1000;
  return report(label, recorder, elapsed);
}

function report(label: string, recorder: Recorder, elapsed: number): boolean {
  let total = 0;
  let errors = 0;
  let serverErrors = 0;
  let pass = true;
  const byStatus = new Map<number, number>();
  console.log(`\n${label}: ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up, ${CONNECTIONS} connections`);
  console.log(['route', 'requests', 'p50 ms', 'p99 ms', 'budget p99', ''].map((c, i) => c.padEnd(i === 0 ? 34 : 11)).join(''));
  for (const [name, route] of [...recorder.routes].sort()) {
    const sorted = route.times.sort((a, b) => a - b);
    const p99 = quantile(sorted, 0.99);
    const unexpected = [...route.statuses].filter(([status]) => status !== route.expect).reduce((sum, [, count]) => sum + count, 0);
    for (const [status, count] of route.statuses) {
      if (status >= 500) serverErrors += count;
      if (status < 200 || status > 299) byStatus.set(status, (byStatus.get(status) ?? 0) + count);
    }
    total += sorted.length + route.errors;
    errors += route.errors + unexpected;
    const fast = p99 < BUDGET_MS[route.kind];
    pass &&= fast;
    console.log(
      [name, String(sorted.length), quantile(sorted, 0.5).toFixed(1), p99.toFixed(1), `< ${BUDGET_MS[route.kind]} ms`, fast ? 'pass' : 'FAIL']
        .map((c, i) => c.padEnd(i === 0 ? 34 : 11))
        .join(''),
    );
  }
  pass &&= errors === 0 && serverErrors === 0;
  const statuses = byStatus.size > 0 ? [...byStatus].map(([s, c]) => `${s}: ${c}`).join(', ') : 'none';
  console.log(
    `overall ${(total / elapsed).toFixed(0)} req/s; errors (no answer or an unexpected status) ${errors}, budget 0; 5xx ${serverErrors}, budget 0; non-2xx by status: ${statuses}`,
  );
  for (const sample of recorder.errorSamples) console.log(`  e.g. ${sample}`);
  console.log(`${label}: ${pass ? 'PASS' : 'FAIL'}`);
  return pass;
}

/** Starts the production server on `database` (PGlite under a temporary DATA_DIR, or a URL), runs the load, stops it. */
async function againstServer(label: string, databaseUrl?: string): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const port = 5600 + Math.floor(Math.random() * 200);
  const server = spawnServer([serverEntry], {
    env: serverEnv(port, dataDir, {
      DATABASE_URL: databaseUrl ?? '',
      TRUST_PROXY: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/readyz`, 120_000, server);
    return await runLoad(label, base);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

requireBuild();
console.log(pinningNote());
const results = [await againstServer('PGlite')];
results.push(await withThrowawayDatabase((url) => againstServer('PostgreSQL (throw-away database)', url)));
console.log(
  `\nbench:load: ${results.every(Boolean) ? 'PASS' : 'FAIL'} (budget: no errors, no 5xx, reads p99 < ${BUDGET_MS.read} ms, writes p99 < ${BUDGET_MS.write} ms)`,
);
