import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { controlSocketPath } from '../db/control-socket.js';
import { schemaTables, snapshotTables, type Snapshot } from '../test/table-snapshot.js';
import { startServerChild, type ServerChild } from '../test/faults/child.js';
import { readManifest } from './backups.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN = {
  email: 'owner@backup.example',
  password: 'a backup is only as good as its restore',
};
const ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_DATA: 'true' };
const run = promisify(execFile);
/** Tables the writes during the backup touch, or the clock (counters, jobs' next runs). */
const CHANGED_BY_TIME_OR_WRITES = new Set([
  'portfolio_items',
  'uploads',
  'activity_log',
  'rate_limit_counters',
  'job_schedule',
  'session',
]);

/** Runs `npm run <command>`'s script (scripts/cli.mjs) as the operator would; never throws. */
async function cli(command: 'backup' | 'restore', args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(ROOT, 'scripts/cli.mjs'), command, ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '' } },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

/** Every row of every table of the PGlite database in `dataDir` (no server may run on it). */
async function snapshotOf(dataDir: string): Promise<Snapshot> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    return await snapshotTables(database.db, schemaTables());
  } finally {
    await database.close();
  }
}

/** Keys of the logos on this machine's disk that rows name (`/uploads/<key>`). */
const logoKeys = (snapshot: Snapshot): string[] =>
  [...snapshot.values()].flatMap((rows) =>
    [...rows.values()].flatMap((row) =>
      [...row.matchAll(/"\/uploads\/([^"]+)"/g)].map((m) => m[1]!),
    ),
  );

describe('npm run backup and npm run restore (PGlite)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-backup-'));
  const original = path.join(tmp, 'a');
  const restored = path.join(tmp, 'b');
  const backups = path.join(tmp, 'backups');
  const servers: ServerChild[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('backs up a running server under writes and restores every row and logo into a new directory', async () => {
    const server = await startServerChild({ dataDir: original }, {}, ENV);
    servers.push(server);
    expect((fs.statSync(controlSocketPath(original)).mode & 0o777).toString(8)).toBe('600');
    const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${server.base}${url}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    let n = 0;
    /** A logo uploaded and a portfolio entry made with it; the entry's id. */
    const entryWithLogo = async (): Promise<string> => {
      const i = ++n;
      const ticket = await api('POST', '/api/objects/upload', { purpose: 'portfolio-logo' });
      expect(ticket.status).toBe(200);
      const png = await sharp({
        create: {
          width: 32,
          height: 32,
          channels: 4,
          background: { r: i * 7, g: 80, b: 160, alpha: 1 },
        },
      })
        .png()
        .toBuffer();
      const put = await fetch(new URL(ticket.json.uploadURL as string, server.base), {
        method: 'PUT',
        headers: { cookie, 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
      expect(put.status).toBe(200);
      const { publicUrl } = (await put.json()) as { publicUrl: string };
      const created = await api('POST', '/api/portfolio', {
        websiteName: `Backup Test ${i}`,
        websiteUrl: `https://backup-${i}.example`,
        logoUrl: publicUrl,
      });
      expect(created.status).toBe(201);
      return String(created.json.id);
    };
    const before = [await entryWithLogo(), await entryWithLogo()];

    // Writes go on while the backup runs: logos and entries keep arriving.
    let backingUp = true;
    const during: string[] = [];
    const writer = (async () => {
      while (backingUp) during.push(await entryWithLogo());
    })();
    const backup = await cli('backup', ['--out', backups, '--data-dir', original]);
    backingUp = false;
    await writer;
    expect(backup.output).toContain('dump made by the running server');
    expect(backup.code).toBe(0);
    expect(during.length).toBeGreaterThan(0);
    const [name] = fs.readdirSync(backups);
    expect(name).toMatch(/^backup-\d{4}-\d\d-\d\dT/);
    const backupDir = path.join(backups, name!);
    const manifest = readManifest(backupDir);
    expect(manifest.madeBy).toBe('server');
    expect(manifest.database.migrations).toBeGreaterThan(0);

    // Restoring onto the running server's directory is refused.
    const refused = await cli('restore', [backupDir, '--data-dir', original, '--force']);
    expect([refused.code, refused.output]).toEqual([1, expect.stringContaining('is running')]);

    expect((await cli('restore', [backupDir, '--data-dir', restored])).code).toBe(0);
    const again = await cli('restore', [backupDir, '--data-dir', restored]);
    expect([again.code, again.output]).toEqual([1, expect.stringContaining('--force')]);

    // The restored directory serves every portfolio entry the backup holds, and each one's logo.
    const second = await startServerChild({ dataDir: restored }, {}, ENV);
    servers.push(second);
    const listed = (await (await fetch(`${second.base}/api/portfolio`)).json()) as {
      id: number;
      logoUrl: string | null;
    }[];
    const ids = listed.map((p) => String(p.id));
    for (const id of before) expect(ids).toContain(id);
    for (const entry of listed.filter((p) => p.logoUrl?.startsWith('/uploads/'))) {
      const logo = await fetch(`${second.base}${entry.logoUrl}`);
      expect([entry.id, logo.status]).toEqual([entry.id, 200]);
      const bytes = Buffer.from(await logo.arrayBuffer());
      const file = path.join(original, 'uploads', entry.logoUrl!.slice('/uploads/'.length));
      expect(bytes.equals(fs.readFileSync(file))).toBe(true);
    }
    await Promise.all([server, second].map(stop));

    // Without a server the command opens the directory itself: the restored copy backs up to
    // the same rows.
    const direct = await cli('backup', ['--out', path.join(tmp, 'again'), '--data-dir', restored]);
    expect([direct.code, direct.output]).toEqual([
      0,
      expect.stringContaining('no server was running'),
    ]);
    const [copy] = fs.readdirSync(path.join(tmp, 'again'));
    expect(readManifest(path.join(tmp, 'again', copy!)).database.tables).toEqual(
      manifest.database.tables,
    );

    // Row by row: what the backup holds is what the original held, and no more.
    const [a, b] = [await snapshotOf(original), await snapshotOf(restored)];
    const made = new Set(during);
    for (const [table, rows] of b) {
      expect(rows.size, table).toBe(manifest.database.tables[table]);
      const now = a.get(table)!;
      if (!CHANGED_BY_TIME_OR_WRITES.has(table)) {
        expect([table, rows]).toEqual([table, now]);
        continue;
      }
      // Written on while the backup ran: no row the backup holds is unknown to the original.
      for (const key of rows.keys()) expect([table, now.has(key)]).toEqual([table, true]);
    }
    // Portfolio entries are never changed here: each one is as the original has it, and what
    // the backup lacks was written while it ran.
    const entries = b.get('portfolio_items')!;
    for (const [key, row] of entries) expect(a.get('portfolio_items')!.get(key)).toBe(row);
    for (const key of a.get('portfolio_items')!.keys())
      if (!entries.has(key)) expect(made.has(key), key).toBe(true);
    const logos = logoKeys(b);
    expect(logos.length).toBeGreaterThanOrEqual(before.length);
    for (const key of logos)
      expect(fs.existsSync(path.join(restored, 'uploads', key)), key).toBe(true);
  }, 240_000);
});

/** SIGTERM and wait: the server closes its database (PGlite loses its last writes otherwise). */
async function stop(server: ServerChild): Promise<void> {
  server.proc.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}
