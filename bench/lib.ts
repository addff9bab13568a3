// Shared by the benchmarks: a throw-away PostgreSQL database, percentile timing, and the
// production server in a child process pinned to its own core.
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client.js';

const base =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
export const RUNS = Number(process.env.BENCH_RUNS ?? 60);

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs `fn` with the URL of a new database beside BENCH_DATABASE_URL; drops it afterwards. */
export async function withThrowawayDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  try {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

/** Runs `fn` on a throw-away PostgreSQL database, then on an in-memory PGlite. */
export async function onBothDatabases(
  fn: (label: string, database: Database) => Promise<void>,
): Promise<void> {
  await withThrowawayDatabase(async (url) => {
    const postgres = await openDatabase({ kind: 'postgres', url });
    try {
      await fn('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  });
  const pglite = await openDatabase({ kind: 'pglite' });
  try {
    await fn('PGlite (in memory)', pglite);
  } finally {
    await pglite.close();
  }
}

/** Runs `call` RUNS times after 5 warm-ups; answers the last result's size and p50/p95 in ms. */
export async function timed(
  call: () => Promise<unknown[]>,
): Promise<{ found: number; p50: number; p95: number }> {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < RUNS + 5; i++) {
    const started = performance.now();
    found = (await call()).length;
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { found, p50: p(0.5), p95: p(0.95) };
}

export const root = path.resolve(import.meta.dirname, '..');
// BENCH_SERVER_ENTRY: another build's server (e.g. a copy of dist/ a rebuild cannot change).
export const serverEntry = process.env.BENCH_SERVER_ENTRY
  ? path.resolve(process.env.BENCH_SERVER_ENTRY)
  : path.join(root, 'dist/server/main.js');

/** The HTTP benchmarks measure the production build; they refuse to run without one. */
export function requireBuild(): void {
  if (!fs.existsSync(serverEntry)) {
    console.error('No build: run `npm run build` first.');
    process.exit(1);
  }
}

// On a 2-core machine the load generator and the server fight for cores; the server gets the
// last core and this process (the load generator) the others (Linux `taskset`), when available.
const cores = os.availableParallelism();
let pinned: boolean | undefined;
export function pinLoadGenerator(): boolean {
  pinned ??=
    cores > 1 &&
    (() => {
      try {
        execFileSync('taskset', ['-a', '-cp', `0-${cores - 2}`, String(process.pid)], {
          stdio: 'ignore',
        });
        return true;
      } catch {
        return false;
      }
    })();
  return pinned;
}
export const pinningNote = () =>
  pinLoadGenerator()
    ? `servers pinned to core ${cores - 1}, load generator to the rest`
    : 'servers not pinned (no taskset)';

/** Starts `node <args>` on the server core (see pinLoadGenerator). */
export function spawnServer(args: string[], options: SpawnOptions): ChildProcess {
  return pinLoadGenerator()
    ? spawn('taskset', ['-c', String(cores - 1), process.execPath, ...args], options)
    : spawn(process.execPath, args, options);
}

/** A production server's environment: its port, its data folder, production settings. */
export function serverEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    ...extra,
  };
}

/** Waits until `url` answers 2xx; fails when the server exits or `timeoutMs` passes. */
export async function waitFor(
  url: string,
  timeoutMs = 60_000,
  server?: ChildProcess,
): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (server && server.exitCode !== null)
      throw new Error(`the server exited (code ${server.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** SIGTERM, then wait for the exit (the server drains and closes its database). */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

/** CPU seconds (user + system) process `pid` has used so far (Linux), or NaN. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The whole machine's busy and total CPU seconds so far, all cores (Linux /proc/stat), or NaN. */
export function machineCpuSeconds(): { busy: number; total: number } {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks.map(Number) as number[];
    const total = user! + nice! + system! + idle! + iowait! + irq! + softirq! + steal!;
    return { busy: (total - idle! - iowait!) / 100, total: total / 100 };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/** The q-quantile of ascending `sorted` numbers (nearest rank). */
export const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

/** One budget: `measured` compared with `limit` (NaN, nothing measured, never meets it). */
/**
 * Times each case (`timed`), prints its p50/p95 and how many `things` it found, and adds its p95
 * as a budget of at most `limitMs` under `label`.
 */
export async function timeCases(
  label: string,
  cases: [string, () => Promise<unknown[]>][],
  things: string,
  limitMs: number,
  budgets: Budget[],
): Promise<void> {
  for (const [name, call] of cases) {
    const { found, p50, p95 } = await timed(call);
    console.log(
      `  ${name.padEnd(28)} ${String(found).padStart(3)} ${things}  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`,
    );
    budgets.push({
      what: `${label}, ${name}, p95`,
      measured: p95,
      must: '<=',
      limit: limitMs,
      unit: 'ms',
    });
  }
}

export interface Budget {
  what: string;
  measured: number;
  /** How `measured` must compare with `limit`. */
  must: '<=' | '<' | '>=' | '>';
  limit: number;
  unit: string;
  /** Decimals printed (default 1). */
  digits?: number;
}

const holds = ({ measured, must, limit }: Budget): boolean =>
  must === '<='
    ? measured <= limit
    : must === '<'
      ? measured < limit
      : must === '>='
        ? measured >= limit
        : measured > limit;

const unitOf = (b: Budget) =>
  b.unit === '' || b.unit === '×' || b.unit === '%' ? b.unit : ` ${b.unit}`;
const figure = (b: Budget) =>
  Number.isFinite(b.measured) ? `${b.measured.toFixed(b.digits ?? 1)}${unitOf(b)}` : 'not measured';

// The sections of this run's results file, one per checkBudgets call.
const sections: string[] = [];

/** The commit measured, and whether tracked files differ from it. */
function commitNote(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const commit = git('rev-parse', '--short', 'HEAD').trim();
    return git('status', '--porcelain', '--untracked-files=no') === ''
      ? `commit ${commit}`
      : `commit ${commit} with uncommitted changes`;
  } catch {
    return 'commit unknown';
  }
}

/** Rewrites bench/results/<bench>.md with this run's sections so far: when, where, each budget. */
function writeResults(bench: string, title: string, budgets: Budget[], missed: number): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  sections.push(
    [
      `## ${cell(title)}`,
      '',
      '| Figure | Measured | Budget | Result |',
      '| --- | --- | --- | --- |',
      ...budgets.map(
        (b) =>
          `| ${cell(b.what)} | ${figure(b)} | ${b.must} ${b.limit}${unitOf(b)} | ` +
          `${holds(b) ? 'met' : 'MISSED'} |`,
      ),
      '',
      budgets.length === 0
        ? 'Nothing was measured: MISSED.'
        : missed === 0
          ? `All ${budgets.length} budgets met.`
          : `${missed} of ${budgets.length} budgets MISSED.`,
    ].join('\n'),
  );
  // Settings that change the figures; URLs are left out (they may carry a password).
  const settings = Object.entries(process.env)
    .filter(([key]) => key.startsWith('BENCH_') && !key.endsWith('_URL'))
    .map(([key, value]) => `${key}=${value}`);
  const header = [
    `# bench:${bench}`,
    '',
    `Written by \`npm run bench:${bench}\`; each run rewrites this file.`,
    '',
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${commitNote()}`,
    `- Machine: ${cores} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}, ${process.platform}`,
    `- Settings: ${settings.length > 0 ? settings.join(', ') : 'defaults'}`,
  ];
  const file = path.join(root, 'bench/results', `${bench}.md`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, [...header, '', ...sections.join('\n\n').split('\n'), ''].join('\n'));
  return path.relative(root, file);
}

/**
 * Prints each budget as 'met' or 'MISSED' with its figure, and a summary line, and writes them to
 * bench/results/<bench>.md. On any miss sets process.exitCode = 1, so `npm run bench:…` fails.
 * Answers whether every budget was met.
 */
export function checkBudgets(bench: string, title: string, budgets: Budget[]): boolean {
  console.log(`\nbudgets (${title}):`);
  let missed = 0;
  for (const b of budgets) {
    const met = holds(b);
    if (!met) missed++;
    console.log(
      `  ${(met ? 'met' : 'MISSED').padEnd(7)}${b.what}: ${figure(b)} (budget ${b.must} ${b.limit}${unitOf(b)})`,
    );
  }
  if (budgets.length === 0) {
    missed++;
    console.log('  MISSED  nothing was measured');
  }
  console.log(
    missed === 0
      ? `all ${budgets.length} budgets met`
      : `${missed} of ${Math.max(1, budgets.length)} budgets MISSED: exit code 1`,
  );
  console.log(`figures written to ${writeResults(bench, title, budgets, missed)}`);
  if (missed > 0) process.exitCode = 1;
  return missed === 0;
}
