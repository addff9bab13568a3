import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerOptions } from '../../start.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ENTRY = path.join(ROOT, 'src/server/test/faults/server-entry.ts');

export interface ServerChild {
  proc: ChildProcess;
  base: string;
  port: number;
  /** Everything the child wrote, for the failure message. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the child has ended. */
  exited: Promise<number | string>;
  /** Ends the child if it still runs (afterEach); safe to call twice. */
  kill(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (taken and released: the child binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the real server (TypeScript through tsx, no build) on a free port and waits until it
 * answers /healthz. `database` is a PostgreSQL URL or a PGlite data directory.
 */
export async function startServerChild(
  database: { url: string } | { dataDir: string },
  options: Omit<ServerOptions, 'config'> = {},
  /** More environment for the child (the two-instance test: AUTH_SECRET, TRUST_PROXY, S3_*, REDIS_URL, …). */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ServerChild> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
  };
  for (const name of [
    'DATABASE_URL',
    'DATA_DIR',
    'REDIS_URL',
    'PUBLIC_URL',
    'SMTP_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
  ])
    delete env[name];
  if ('url' in database) env.DATABASE_URL = database.url;
  else env.DATA_DIR = database.dataDir;
  Object.assign(env, extraEnv);
  return spawnServer([ENTRY, JSON.stringify(options)], env, port, { readyWithinMs: 45_000 });
}

/**
 * A server process (a TypeScript entry through tsx, no build) on `port`, its output collected;
 * with `readyWithinMs`, resolves once it answers /healthz, and fails if it exits or takes longer.
 */
export async function spawnServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  options: { readyWithinMs?: number } = {},
): Promise<ServerChild> {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    proc.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const base = `http://127.0.0.1:${port}`;
  const child: ServerChild = {
    proc,
    base,
    port,
    output: () => output,
    exited,
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
  if (options.readyWithinMs === undefined) return child;
  // Generous: tsx compiles the server on the fly, slow on a loaded two-core machine.
  const deadline = Date.now() + options.readyWithinMs;
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(`the server exited with ${proc.exitCode} while starting:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await child.kill();
      throw new Error(
        `the server did not start within ${options.readyWithinMs / 1000} s:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The test-mode purchase a customer makes: a registration, a payment intent, the test card. */
export const registrationBody = (n: number) => ({
  businessName: `Fault Test ${n}`,
  ownerName: 'Sam Example',
  email: `owner${n}@example.com`,
  businessType: 'Restaurant',
  subscriptionPlan: 'growing',
});
export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

/** POSTs JSON; a refused connection or a reset is reported as status 0, never thrown. */
export async function postJson(
  base: string,
  url: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> | null; retryAfter: string | null }> {
  try {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = null;
    }
    return { status: response.status, json, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 0, json: null, retryAfter: null };
  }
}
