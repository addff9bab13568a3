import type { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder } from '../../db/migrate.js';
import { freePort, spawnServer } from './child.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = path.join(ROOT, 'src/server/main.ts');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Run {
  base: string;
  exited: Promise<number | string>;
  output(): string;
  stop(): void;
}

/** `npm start`'s entry (main.ts, through tsx) in production mode; `ready` waits for /healthz. */
async function startMain(env: NodeJS.ProcessEnv, ready: boolean): Promise<Run> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    LOG_REQUESTS: 'true',
    SEED_DEMO_DATA: 'false',
    SHUTDOWN_DRAIN_DELAY_SECONDS: '0.2',
    ...env,
  });
  const child = await spawnServer([MAIN], childEnv, port, ready ? { readyWithinMs: 60_000 } : {});
  running.push(child.proc);
  return {
    base: child.base,
    exited: child.exited,
    output: () => child.output(),
    stop: () => child.proc.kill('SIGTERM'),
  };
}
const running: ReturnType<typeof spawn>[] = [];

/** Every line parsed as JSON; the test fails naming the first line that is not. */
function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a log line is not JSON: ${line}\n--- whole output:\n${output}`);
      }
    });
}

/** A fresh database: an empty PostgreSQL one when TEST_DATABASE_URL is set, else a new PGlite directory. */
async function freshDatabase(): Promise<{ env: NodeJS.ProcessEnv; cleanup(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'json-logs-'));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.TEST_DATABASE_URL) return { env: { DATA_DIR: dataDir }, cleanup: removeDir };
  const base = new URL(process.env.TEST_DATABASE_URL);
  const name = `t_logs_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    cleanup: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await removeDir();
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const proc of running) if (proc.exitCode === null && proc.signalCode === null) proc.kill();
  for (const cleanup of cleanups) await cleanup();
});

describe('the production log (main.ts, NODE_ENV=production)', () => {
  it('refuses a bad configuration in one JSON line naming the variables, exit 1', async () => {
    const run = await startMain(
      { SHUTDOWN_DRAIN_DELAY_SECONDS: 'soon', DATABASE_URL: 'localhost/agency' },
      false,
    );
    expect(await run.exited, run.output()).toBe(1);
    const lines = jsonLines(run.output());
    expect(lines, run.output()).toHaveLength(1);
    const [refusal] = lines as [Record<string, unknown>];
    expect(refusal.level).toBe(60);
    expect(refusal.variables).toEqual(['DATABASE_URL', 'SHUTDOWN_DRAIN_DELAY_SECONDS']);
    expect(refusal.msg).toMatch(/SHUTDOWN_DRAIN_DELAY_SECONDS: .*number of seconds/);
    expect(refusal.msg).toMatch(/DATABASE_URL/);
    expect(run.output()).not.toMatch(/\n\s+at /); // no stack trace
  }, 60_000);

  it('is JSON on every line, logs migrations and Better Auth, gives unique request ids across restarts', async () => {
    const database = await freshDatabase();
    cleanups.push(() => database.cleanup());
    const ids: string[] = [];
    const outputs: string[] = [];
    for (const instance of [1, 2]) {
      const run = await startMain(database.env, true);
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${run.base}/api/subscription-plans`);
        expect(response.status).toBe(200);
        ids.push(response.headers.get('x-request-id')!);
      }
      // A failed sign-in: Better Auth says why in its own log line.
      const signIn = await fetch(`${run.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: run.base },
        body: JSON.stringify({
          email: `nobody${instance}@example.com`,
          password: 'not a password!',
        }),
      });
      expect(signIn.status, await signIn.text()).toBe(401);
      ids.push(signIn.headers.get('x-request-id')!);
      // A proxy's safe id is kept (and echoed); anything else is replaced by a fresh one.
      const proxied = await fetch(`${run.base}/healthz`, {
        headers: { 'x-request-id': `edge-${instance}-0123456789abcdef` },
      });
      expect(proxied.headers.get('x-request-id')).toBe(`edge-${instance}-0123456789abcdef`);
      const forged = await fetch(`${run.base}/healthz`, {
        headers: { 'x-request-id': '" forged {"level":60}' },
      });
      expect(forged.headers.get('x-request-id')).toMatch(UUID);
      ids.push(forged.headers.get('x-request-id')!);
      run.stop();
      expect(await run.exited, run.output()).toBe(0);
      outputs.push(run.output());
    }

    const [first, second] = outputs.map(jsonLines) as [
      Record<string, unknown>[],
      Record<string, unknown>[],
    ];
    // Migrations: each one by name on the fresh database, none pending the second time.
    const journal = JSON.parse(
      fs.readFileSync(path.join(defaultMigrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    expect(first.filter((l) => l.msg === 'migration applied').map((l) => l.migration)).toEqual(
      journal.entries.map((e) => e.tag),
    );
    expect(first.some((l) => l.msg === 'no pending migrations')).toBe(false);
    expect(second.filter((l) => l.msg === 'migration applied')).toEqual([]);
    expect(second.some((l) => l.msg === 'no pending migrations')).toBe(true);
    // Better Auth's line is JSON like the others, marked as its own.
    for (const lines of [first, second])
      expect(
        lines.filter((l) => l.component === 'better-auth').map((l) => [l.level, l.msg]),
      ).toContainEqual([40, 'User not found']);
    // Request ids: random, unique over both runs, and the ones the request log names.
    expect(ids.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const logged = [...first, ...second].filter((l) => l.msg === 'request').map((l) => l.reqId);
    for (const id of ids) expect(logged).toContain(id);
    expect(logged).toContain('edge-1-0123456789abcdef');
  }, 150_000);
});
