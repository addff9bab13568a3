import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

// What `npm run backup` writes and `npm run restore` reads (README › Backups): a directory with
// the embedded database's dump, a copy of the uploads folder and this manifest.

export const MANIFEST = 'manifest.json';
export const DATABASE_FILE = 'database.tar.gz';
export const UPLOADS_DIR = 'uploads';

export interface Manifest {
  format: 1;
  createdAt: string;
  app: { name: string; version: string };
  /** 'server': the running server made the dump; 'direct': no server ran, the CLI opened the directory. */
  madeBy: 'server' | 'direct';
  database: {
    kind: 'pglite';
    file: string;
    bytes: number;
    sha256: string;
    /** drizzle-kit migrations applied when the dump was made. */
    migrations: number;
    /** Rows per table (schema public), read back from the dump itself. */
    tables: Record<string, number>;
  };
  uploads: { kind: 'disk'; files: number; bytes: number } | { kind: 's3'; bucket: string };
}

export const sha256 = (bytes: Buffer): string =>
  crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Opens the dump in memory and counts: a backup that cannot be opened is found out when it is
 * made, not on the day it is needed.
 */
export async function inspectDump(
  dump: Buffer,
): Promise<{ migrations: number; tables: Record<string, number> }> {
  const db = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(dump)]) });
  try {
    return await countRows(db);
  } finally {
    await db.close();
  }
}

/** Applied migrations and the rows of every table in schema public. */
export async function countRows(
  db: Pick<PGlite, 'query'>,
): Promise<{ migrations: number; tables: Record<string, number> }> {
  const { rows: names } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables: Record<string, number> = {};
  for (const { name } of names) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public."${name.replace(/"/g, '""')}"`,
    );
    tables[name] = rows[0]!.n;
  }
  const { rows: applied } = await db.query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables
     where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  );
  const migrations =
    applied[0]!.n === 0
      ? 0
      : (
          await db.query<{ n: number }>(
            'select count(*)::int as n from drizzle.__drizzle_migrations',
          )
        ).rows[0]!.n;
  return { migrations, tables };
}

/**
 * Copies the uploads folder (logos). Files still being written (`*.tmp`, renamed into place when
 * complete) are left out.
 */
export async function copyUploads(
  from: string,
  to: string,
): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  await fs.promises.mkdir(to, { recursive: true });
  if (!fs.existsSync(from)) return { files, bytes };
  await fs.promises.cp(from, to, {
    recursive: true,
    filter: (source) => !source.endsWith('.tmp'),
  });
  for (const entry of await fs.promises.readdir(to, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await fs.promises.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file))
    throw new Error(`${dir} is not a backup: it has no ${MANIFEST} (made by npm run backup)`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1 || manifest.database?.kind !== 'pglite')
    throw new Error(`${file} is not a backup this version can restore (format ${manifest.format})`);
  return manifest;
}

/** `2026-11-28T01-30-05Z`: sorts by time and is a valid file name everywhere. */
export const stamp = (date = new Date()): string =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

/** A directory holding anything. */
export const hasContent = (dir: string): boolean =>
  fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
