// npm run bench:api — GET /api/subscription-plans on the production server vs a bare node:http
// server answering the same JSON, measured in the same run with autocannon (50 connections).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;

// On a 2-core machine the load generator and the server fight for cores; pin the server to the
// last core and autocannon to the others (Linux `taskset`), so both servers get the same share.
const cores = os.availableParallelism();
const canPin = cores > 1 && (() => {
  try {
    execFileSync('taskset', ['-a', '-cp', `0-${cores - 2}`, String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
function spawnServer(args: string[], options: Parameters<typeof spawn>[2]): ChildProcess {
  return canPin
    ? spawn('taskset', ['-c', String(cores - 1), process.execPath, ...args], options)
    : spawn(process.execPath, args, options);
}

async function waitFor(url: string, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function run(url: string) {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
}

if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const port = 5400 + Math.floor(Math.random() * 200);
const app: ChildProcess = spawnServer([path.join(root, 'dist/server/main.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const appUrl = `http://127.0.0.1:${port}/api/subscription-plans`;
  await waitFor(appUrl);
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
    await run(appUrl);
    await run(bareUrl);
    const appRuns: autocannon.Result[] = [];
    const bareRuns: autocannon.Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      appRuns.push(await run(appUrl));
      bareRuns.push(await run(bareUrl));
    }
    const median = (runs: autocannon.Result[]) =>
      [...runs].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(runs.length / 2)]!;
    const appResult = median(appRuns);
    const bareResult = median(bareRuns);
    const ratio = appResult.requests.average / bareResult.requests.average;
    const rows = [
      ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
      ['app (Fastify + PGlite)', appResult.requests.average.toFixed(0), String(appResult.latency.p50), String(appResult.latency.p99), String(appResult.errors + appResult.non2xx)],
      ['bare node:http', bareResult.requests.average.toFixed(0), String(bareResult.latency.p50), String(bareResult.latency.p99), String(bareResult.errors + bareResult.non2xx)],
    ];
    console.log(canPin ? `servers pinned to core ${cores - 1}, autocannon to the rest` : 'servers not pinned (no taskset)');
    console.log(`\nGET /api/subscription-plans, ${CONNECTIONS} connections, median of ${ROUNDS} alternating ${DURATION} s rounds (${body.length} bytes)`);
    for (const row of rows) console.log(row.map((c, i) => c.padEnd(i === 0 ? 24 : 10)).join(''));
    console.log(`ratio app/bare: ${ratio.toFixed(2)} (budget >= 0.70); app p99: ${appResult.latency.p99} ms (budget < 10 ms)`);
  } finally {
    bare.kill();
  }
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
