// npm run bench:api — GET /api/subscription-plans on the production server vs a bare node:http
// server answering the same JSON, in the same run with autocannon (50 connections).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  checkBudgets,
  cpuSeconds,
  pinningNote,
  requireBuild,
  root,
  serverEntry,
  spawnServer,
  stopServer,
  waitFor,
} from './lib.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const RATIO_BUDGET = 0.7;
const P99_BUDGET_MS = 10;

interface Round {
  result: autocannon.Result;
  /** Share of a core the server used: near 100 % means it, not autocannon, set the pace. */
  busy: number;
}

async function run(url: string, server: ChildProcess): Promise<Round> {
  const cpu = cpuSeconds(server.pid);
  const started = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
  });
  return { result, busy: (cpuSeconds(server.pid) - cpu) / ((performance.now() - started) / 1000) };
}

requireBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const port = 5400 + Math.floor(Math.random() * 200);
const app = spawnServer([serverEntry], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const appUrl = `http://127.0.0.1:${port}/api/subscription-plans`;
  await waitFor(appUrl, 120_000, app);
  const body = await (await fetch(appUrl)).text();
  // The bare server runs in a child too, so neither shares a core with autocannon's client loop.
  const bare = spawnServer([path.join(root, 'bench/bare-server.mjs'), String(port + 1)], {
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  bare.stdin!.end(body);
  try {
    const bareUrl = `http://127.0.0.1:${port + 1}/`;
    await waitFor(bareUrl);
    // Warm both up, then alternate rounds so background load hits both alike; report the medians.
    await run(appUrl, app);
    await run(bareUrl, bare);
    const appRuns: Round[] = [];
    const bareRuns: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      appRuns.push(await run(appUrl, app));
      bareRuns.push(await run(bareUrl, bare));
    }
    const median = (runs: Round[]) =>
      [...runs].sort((a, b) => a.result.requests.average - b.result.requests.average)[
        Math.floor(runs.length / 2)
      ]!;
    const appRound = median(appRuns);
    const bareRound = median(bareRuns);
    const ratio = appRound.result.requests.average / bareRound.result.requests.average;
    const row = (name: string, { result, busy }: Round) => [
      name,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.errors + result.non2xx),
      `${(busy * 100).toFixed(0)} %`,
    ];
    const rows = [
      ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'server CPU'],
      row('app (Fastify + PGlite)', appRound),
      row('bare node:http', bareRound),
    ];
    console.log(pinningNote());
    console.log(
      `\nGET /api/subscription-plans, ${CONNECTIONS} connections, median of ${ROUNDS} alternating ${DURATION} s rounds (${body.length} bytes)`,
    );
    for (const r of rows) console.log(r.map((c, i) => c.padEnd(i === 0 ? 24 : 10)).join(''));
    console.log(
      `all rounds, req/s: app ${appRuns.map((r) => r.result.requests.average.toFixed(0)).join(' ')}; bare ${bareRuns.map((r) => r.result.requests.average.toFixed(0)).join(' ')}`,
    );
    if (bareRound.busy < 0.9)
      console.log(
        "note: the bare server used less than 90 % of its core: autocannon or other work on this machine set the pace, so the ratio is not the servers' own.",
      );
    checkBudgets('api', `GET /api/subscription-plans, ${CONNECTIONS} connections, median round`, [
      {
        what: 'app req/s ÷ bare req/s',
        measured: ratio,
        must: '>=',
        limit: RATIO_BUDGET,
        unit: '',
        digits: 2,
      },
      {
        what: 'app p99',
        measured: appRound.result.latency.p99,
        must: '<',
        limit: P99_BUDGET_MS,
        unit: 'ms',
        digits: 0,
      },
      {
        what: 'app answers without a 2xx, all rounds',
        measured: appRuns.reduce((n, r) => n + r.result.errors + r.result.non2xx, 0),
        must: '<=',
        limit: 0,
        unit: '',
        digits: 0,
      },
    ]);
  } finally {
    bare.kill();
  }
} finally {
  await stopServer(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
