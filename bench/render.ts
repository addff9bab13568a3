// npm run bench:render — what a request with invented values costs the server (decision 022):
// the production server (BENCH_DIST=<dir>: another build) on PGlite without PUBLIC_URL; a cached
// GET /, then requests each with a new value (404 path, registration, payment secret, billing
// token, Host), then GET / every 100 ms under 24 such requests a second. Budgets are in server
// CPU and ratios, so a machine busy with other work does not decide them.
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  checkBudgets,
  pinningNote,
  quantile,
  root,
  serverEnv,
  spawnServer,
  stopServer,
  waitFor,
} from './lib.js';

/** CPU seconds (user + system) a process has used so far (Linux /proc), or NaN. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

const dist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));
const entry = path.join(dist, 'server/main.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const ATTACK_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ATTACK_RATE = 24;
const HOSTILE_CPU_BUDGET_MS = 5;
const UNDER_ATTACK_RATIO_BUDGET = 2;
const BUSY_BUDGET = 0.5;

if (!fs.existsSync(entry)) {
  console.error(`No build at ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
let port = 0;

/** One GET as a browser sends it (brotli accepted); answers its status and time in ms. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: url,
        agent,
        headers: { 'accept-encoding': 'br, gzip', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', reject);
  });
}

let invented = 0;
const fresh = () =>
  `${Date.now().toString(36)}${(invented++).toString(36)}${crypto.randomBytes(3).toString('hex')}`;
const freshUuid = () => crypto.randomUUID();
/** Requests carrying a value the server has never seen, by kind. */
const HOSTILE: Record<string, () => [string, Record<string, string>?]> = {
  '404 path': () => [`/no-such-page-${fresh()}`],
  'checkout registration': () => [`/checkout/growing?registration=${freshUuid()}`],
  'payment secret': () => [
    `/payment-success?payment_intent=pi_${fresh()}&payment_intent_client_secret=pi_${fresh()}_secret_x`,
  ],
  'billing token': () => [`/account?token=${fresh()}`],
  'Host header': () => ['/', { host: `h${fresh()}.example` }],
};
const kinds = Object.keys(HOSTILE);
const hostile = (i: number) => HOSTILE[kinds[i % kinds.length]!]!();

const p50 = (times: number[]) =>
  quantile(
    [...times].sort((a, b) => a - b),
    0.5,
  );
const p95 = (times: number[]) =>
  quantile(
    [...times].sort((a, b) => a - b),
    0.95,
  );
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function timesOf(
  count: number,
  request: () => Promise<{ status: number; ms: number }>,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const { status, ms } = await request();
    if (status >= 500) throw new Error(`the server answered ${status}`);
    times.push(ms);
  }
  return times;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-render-'));
port = 5600 + Math.floor(Math.random() * 200);
console.log(`bench:render on ${dist} (${pinningNote()})`);
let server: ChildProcess | undefined;
try {
  server = spawnServer([entry], {
    env: serverEnv(port, dataDir, { LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'true' }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`, 180_000, server);
  await timesOf(20, () => get('/'));

  const cachedCpu = cpuSeconds(server.pid);
  const cached = await timesOf(RUNS * 3, () => get('/'));
  const cachedCpuMs = ((cpuSeconds(server.pid) - cachedCpu) * 1000) / cached.length;
  console.log(
    `\ncached page  GET /                    : p50 ${ms(p50(cached))}, p95 ${ms(p95(cached))}, server CPU ${ms(cachedCpuMs)} a request`,
  );
  let hostileCpuMs = 0;
  for (const kind of kinds) {
    // The first of a kind may render once (a page not rendered yet); what matters is the rest.
    await get(...HOSTILE[kind]!());
    const cpu = cpuSeconds(server.pid);
    const times = await timesOf(RUNS, () => get(...HOSTILE[kind]!()));
    const cpuMs = ((cpuSeconds(server.pid) - cpu) * 1000) / RUNS;
    hostileCpuMs = Math.max(hostileCpuMs, cpuMs);
    console.log(
      `hostile      ${kind.padEnd(22)}: p50 ${ms(p50(times))}, p95 ${ms(p95(times))}, server CPU ${ms(cpuMs)} a request`,
    );
  }

  // One client: GET / every 100 ms while it also sends 24 invented-value requests a second.
  const landing: number[] = [];
  const attack: Promise<{ status: number; ms: number }>[] = [];
  const cpu = cpuSeconds(server.pid);
  const end = performance.now() + ATTACK_SECONDS * 1000;
  let sent = 0;
  const attacker = setInterval(() => {
    attack.push(get(...hostile(sent++)));
  }, 1000 / ATTACK_RATE);
  while (performance.now() < end) {
    landing.push((await get('/')).ms);
    await new Promise((r) => setTimeout(r, 100));
  }
  clearInterval(attacker);
  const answers = await Promise.all(attack);
  const busy = (cpuSeconds(server.pid) - cpu) / ATTACK_SECONDS;
  const errors = answers.filter((a) => a.status >= 500).length;
  console.log(
    `\nunder attack (${sent} invented-value requests in ${ATTACK_SECONDS} s): GET / p50 ${ms(p50(landing))}, p95 ${ms(p95(landing))}; ` +
      `attack answers p50 ${ms(p50(answers.map((a) => a.ms)))}, ${errors} of them 5xx; server busy ${(busy * 100).toFixed(0)} % of a core`,
  );
  checkBudgets('render', 'what invented values cost the server', [
    {
      what: 'server CPU of a hostile request (costliest kind)',
      measured: hostileCpuMs,
      must: '<=',
      limit: HOSTILE_CPU_BUDGET_MS,
      unit: 'ms',
      digits: 2,
    },
    {
      what: `GET / p50 under ${ATTACK_RATE} invented-value req/s ÷ without`,
      measured: p50(landing) / p50(cached),
      must: '<=',
      limit: UNDER_ATTACK_RATIO_BUDGET,
      unit: '×',
      digits: 2,
    },
    {
      what: 'server busy under attack',
      measured: busy * 100,
      must: '<=',
      limit: BUSY_BUDGET * 100,
      unit: '%',
      digits: 0,
    },
    {
      what: 'answers 5xx under attack',
      measured: errors,
      must: '<=',
      limit: 0,
      unit: '',
      digits: 0,
    },
  ]);
} finally {
  if (server) await stopServer(server);
  agent.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
