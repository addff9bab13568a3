import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { startHealthCheckedProxy, type RunningProxy } from '../health-checked-proxy.js';
import { registrationBody, startServerChild, type ServerChild } from './child.js';

// Short stand-ins for deploy/Caddyfile's 5 s interval and 3 s timeout, and the drain delay that
// outlasts them (8 s in production; here several health intervals on a busy machine).
const HEALTH_INTERVAL_MS = 200;
const DRAIN_DELAY_SECONDS = 2.5;

/** Each instance on a PGlite directory of its own, copied from the migrated template. */
async function pgliteDirs(count: number): Promise<string[]> {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'drain-template-'));
  await (
    await openDatabase({
      kind: 'pglite',
      dataDir: path.join(template, 'pglite'),
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
    })
  ).close();
  const dirs = Array.from({ length: count }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drain-pglite-'));
    fs.cpSync(path.join(template, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
    return dir;
  });
  fs.rmSync(template, { recursive: true, force: true });
  return dirs;
}

/** A GET on `agent` (one kept-alive connection): status, `Connection` header, whether it was reused. */
function get(agent: http.Agent, port: number, url: string) {
  return new Promise<{ status: number; connection: string | undefined; reused: boolean }>(
    (resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            connection: response.headers.connection,
            reused: request.reusedSocket,
          }),
        );
      });
      request.on('error', reject);
    },
  );
}

/** The API requests an instance logged (LOG_REQUESTS), after its log line `from` when given. */
function servedRequests(child: ServerChild, from?: RegExp): number {
  let lines = child.output().split('\n');
  if (from) lines = lines.slice(lines.findIndex((line) => from.test(line)) + 1);
  // The API's answers only, not the proxy's health checks.
  return lines.filter((line) => line.includes('"msg":"request"') && line.includes('"url":"/api/'))
    .length;
}

describe('SIGTERM behind a health-checking proxy under load', () => {
  let dirs: string[] = [];
  let servers: ServerChild[] = [];
  let proxy: RunningProxy | undefined;

  beforeAll(async () => {
    dirs = await pgliteDirs(2);
    servers = await Promise.all(
      dirs.map((dataDir) =>
        startServerChild(
          { dataDir },
          { app: { registrationRateLimit: 1_000_000 } },
          {
            SHUTDOWN_DRAIN_DELAY_SECONDS: String(DRAIN_DELAY_SECONDS),
            LOG_LEVEL: 'info',
            LOG_REQUESTS: 'true',
          },
        ),
      ),
    );
    proxy = await startHealthCheckedProxy({
      upstreams: servers.map((s) => ({ host: '127.0.0.1', port: s.port })),
      healthUri: '/readyz',
      healthIntervalMs: HEALTH_INTERVAL_MS,
      healthTimeoutMs: 3_000,
      tryDurationMs: 5_000,
    });
  }, 90_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.kill()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers every request 2xx while one instance drains and exits 0', async () => {
    const [stopped, other] = servers as [ServerChild, ServerChild];
    const base = proxy!.url;
    const failures: string[] = [];
    let answered = 0;
    let n = 0;
    let running = true;
    // Mostly page data, some registrations (a write whose retry would not be safe).
    async function client() {
      while (running) {
        const post = n++ % 5 === 0;
        try {
          const response = post
            ? await fetch(`${base}/api/business-registration`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(registrationBody(n)),
              })
            : await fetch(`${base}/api/subscription-plans`);
          const text = await response.text();
          if (response.ok) answered++;
          else failures.push(`${post ? 'POST' : 'GET'} ${response.status}: ${text.slice(0, 200)}`);
        } catch (error) {
          failures.push(`${post ? 'POST' : 'GET'} failed: ${(error as Error).message}`);
        }
      }
    }
    const waitFor = async (condition: () => boolean, what: string, ms = 15_000) => {
      const deadline = Date.now() + ms;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    // Besides the proxy, a kept-alive connection of our own to the instance that is stopped.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(agent, stopped.port, '/api/subscription-plans')).status).toBe(200);
    const clients = Array.from({ length: 8 }, () => client());
    try {
      // Both instances take traffic before one is stopped.
      await waitFor(
        () => servedRequests(stopped) >= 20 && servedRequests(other) >= 20,
        'both instances to serve',
      );
      const signalled = Date.now();
      stopped.proc.kill('SIGTERM');
      // Readiness fails at once; a request on the kept-alive connection is still served, and told
      // to close it (before this change: a 503 'server is closing', or a reset connection).
      await waitFor(() => stopped.output().includes('readiness fails'), 'the drain to begin');
      expect((await get(new http.Agent(), stopped.port, '/readyz')).status).toBe(503);
      expect(await get(agent, stopped.port, '/api/subscription-plans')).toEqual({
        status: 200,
        connection: 'close',
        reused: true,
      });
      agent.destroy();
      expect(await stopped.exited, stopped.output().slice(-3000)).toBe(0);
      const stoppedAfterMs = Date.now() - signalled;
      // The other instance alone, for a moment after.
      const before = servedRequests(other);
      await waitFor(() => servedRequests(other) >= before + 20, 'the other instance to serve on');
      running = false;
      await Promise.all(clients);

      expect(failures, `${proxy!.kind}:\n${proxy!.output().slice(-3000)}`).toEqual([]);
      expect(answered).toBeGreaterThan(40);
      // It kept serving after SIGTERM (readiness failing) until the proxy stopped sending.
      expect(servedRequests(stopped, /readiness fails/)).toBeGreaterThan(0);
      expect(stopped.output()).toContain('shut down cleanly');
      expect(stoppedAfterMs).toBeGreaterThanOrEqual(DRAIN_DELAY_SECONDS * 1000);
      expect(stoppedAfterMs).toBeLessThan(DRAIN_DELAY_SECONDS * 1000 + 10_000);
    } finally {
      running = false;
      await Promise.all(clients);
    }
  }, 60_000);
});
