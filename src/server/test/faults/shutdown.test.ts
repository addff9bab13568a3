import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.js';
import { businessRegistrations } from '../../db/schema.js';
import {
  createTestDatabase,
  TEST_DATABASES,
  type TestDatabase,
  type TestDatabaseKind,
} from '../databases.js';
import { postJson, registrationBody, startServerChild, type ServerChild } from './child.js';

let pgliteTemplateDir: string | undefined;

/** Where a child keeps its data: a throw-away PostgreSQL database or a PGlite directory. */
async function childDatabase(kind: TestDatabaseKind) {
  if (kind === 'postgres') {
    const testDb: TestDatabase = await createTestDatabase('postgres', { seed: false });
    return {
      target: { url: testDb.url! },
      open: async () => testDb.database,
      cleanup: () => testDb.cleanup(),
    };
  }
  // From the migrated template, as the other tests start (a fresh initdb in the child takes many
  // seconds), unpacked once per file and copied per test.
  if (!pgliteTemplateDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-template-'));
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    await (
      await openDatabase({
        kind: 'pglite',
        dataDir: path.join(dir, 'pglite'),
        loadDataDir: template,
      })
    ).close();
    pgliteTemplateDir = dir;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-pglite-'));
  fs.cpSync(path.join(pgliteTemplateDir, 'pglite'), path.join(dataDir, 'pglite'), {
    recursive: true,
  });
  let reopened: Database | undefined;
  return {
    target: { dataDir },
    // The same directory the child used: its lock file (of a dead process, after kill -9) is taken over.
    open: async () =>
      (reopened = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') })),
    cleanup: async () => {
      await reopened?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
afterAll(() => {
  if (pgliteTemplateDir) fs.rmSync(pgliteTemplateDir, { recursive: true, force: true });
});

const registered = async (database: Database, ids: string[]) =>
  (
    await database.db
      .select({ id: businessRegistrations.id })
      .from(businessRegistrations)
      .where(inArray(businessRegistrations.id, ids))
  ).map((row) => row.id);

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// A child process starts in a few seconds, but tsx and PGlite are slow on a loaded two-core machine.
const CHILD_TEST_MS = 90_000;

describe.each(TEST_DATABASES)('the server process on %s', (kind) => {
  let child: ServerChild | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await child?.kill();
    child = undefined;
    await cleanup?.();
    cleanup = undefined;
  });

  it(
    'on SIGTERM refuses new connections, finishes the request in flight (201), closes the database and exits 0',
    async () => {
      const db = await childDatabase(kind);
      cleanup = db.cleanup;
      child = await startServerChild(db.target);

      // A registration whose body is still arriving when SIGTERM comes.
      const body = JSON.stringify(registrationBody(1));
      const socket = net.connect(child.port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/business-registration HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.slice(0, 20));
      await new Promise((resolve) => setTimeout(resolve, 300));

      const signalled = Date.now();
      child.proc.kill('SIGTERM');
      const refusedBy = Date.now() + 3_000;
      while ((await connects(child.port)) && Date.now() < refusedBy)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await connects(child.port)).toBe(false);
      expect(child.proc.exitCode).toBeNull(); // still finishing the registration

      socket.write(body.slice(20));
      await closed;
      expect(answer, child.output()).toMatch(/^HTTP\/1\.1 201 /);
      const id = (JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { id: string }).id;

      expect(await child.exited, child.output()).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      // Closed cleanly: PGlite's directory opens again (no lock left behind) and holds the registration.
      if (kind === 'pglite')
        expect(
          fs.existsSync(path.join((db.target as { dataDir: string }).dataDir, 'pglite.lock')),
        ).toBe(false);
      expect(await registered(await db.open(), [id])).toEqual([id]);
    },
    CHILD_TEST_MS,
  );

  it(
    'kill -9 during a stream of registrations loses no acknowledged one',
    async () => {
      const db = await childDatabase(kind);
      cleanup = db.cleanup;
      child = await startServerChild(db.target, { app: { registrationRateLimit: 1_000_000 } });
      const { base } = child;
      const acknowledged: string[] = [];
      let n = 0;
      let running = true;
      async function customer() {
        while (running) {
          const result = await postJson(base, '/api/business-registration', registrationBody(n++));
          if (result.status === 201) acknowledged.push(result.json!.id as string);
          else if (result.status !== 0)
            throw new Error(
              `registration answered ${result.status}: ${JSON.stringify(result.json)}\n${child!.output().slice(-2000)}`,
            );
        }
      }
      const customers = [customer(), customer(), customer(), customer()];
      const start = Date.now();
      while (acknowledged.length < 20 && Date.now() - start < 10_000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      child.proc.kill('SIGKILL'); // mid-stream: requests are on the wire and in the database
      expect(await child.exited).toBe('SIGKILL');
      running = false;
      await Promise.all(customers);

      expect(acknowledged.length).toBeGreaterThanOrEqual(20);
      const found = await registered(await db.open(), acknowledged);
      expect(found.length).toBe(acknowledged.length);
    },
    CHILD_TEST_MS,
  );
});
