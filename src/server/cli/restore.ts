import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.js';
import { lockDataDir } from '../db/client.js';
import { serverRunsOn } from '../db/control-socket.js';
import {
  DATABASE_FILE,
  UPLOADS_DIR,
  copyUploads,
  countRows,
  hasContent,
  readManifest,
  sha256,
  stamp,
} from './backups.js';

/**
 * `npm run restore -- <backup dir> [--data-dir <dir>] [--force]`: puts a backup of `npm run
 * backup` into a data directory (DATA_DIR unless --data-dir). Refuses while a server runs on it,
 * and refuses a directory that already has a database unless --force (the replaced database and
 * uploads are then kept beside, renamed). README › Backups.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'data-dir': { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});

try {
  if (positionals.length !== 1)
    fail('usage: npm run restore -- <backup directory> [--data-dir <dir>] [--force]');
  const backupDir = path.resolve(positionals[0]!);
  const manifest = readManifest(backupDir);
  const dump = fs.readFileSync(path.join(backupDir, manifest.database.file || DATABASE_FILE));
  if (sha256(dump) !== manifest.database.sha256)
    fail(`${DATABASE_FILE} does not match the manifest's checksum: the backup is damaged.`);

  const config = loadConfig(
    values['data-dir'] ? { ...process.env, DATA_DIR: values['data-dir'] } : process.env,
  );
  if (config.databaseUrl && !values['data-dir'])
    fail(
      'DATABASE_URL is set, so this server does not use the embedded database: restore with pg_restore (README › Backups), or name the embedded database directory with --data-dir.',
    );
  const dataDir = config.dataDir;
  const pgliteDir = path.join(dataDir, 'pglite');
  const uploadsDir = config.storage.kind === 'disk' ? config.storage.dir : null;

  if (await serverRunsOn(dataDir))
    fail(`A server is running on ${dataDir}: stop it before restoring.`);
  // Also keeps a server from starting on the directory meanwhile (it would wait on this lock).
  const release = lockDataDir(pgliteDir);
  try {
    const occupied = hasContent(pgliteDir) || (uploadsDir !== null && hasContent(uploadsDir));
    if (occupied && !values.force)
      fail(
        `${dataDir} already has a database or uploads. Restoring replaces them: add --force to do so (they are kept beside, renamed *.replaced-<time>), or restore into a new --data-dir.`,
      );

    // Unpacked aside and checked, then switched in by renaming.
    const unpacked = `${pgliteDir}.restoring`;
    await fs.promises.rm(unpacked, { recursive: true, force: true });
    const db = await PGlite.create(unpacked, { loadDataDir: new Blob([new Uint8Array(dump)]) });
    const counts = await countRows(db).finally(() => db.close());
    const differing = Object.entries(manifest.database.tables).filter(
      ([table, rows]) => counts.tables[table] !== rows,
    );
    if (differing.length > 0)
      fail(
        `The unpacked database does not hold what the manifest lists (${differing
          .map(([t, n]) => `${t}: ${counts.tables[t]} rows, expected ${n}`)
          .join('; ')}).`,
      );

    const replaced = `replaced-${stamp()}`;
    const kept: string[] = [];
    if (fs.existsSync(pgliteDir)) {
      await fs.promises.rename(pgliteDir, `${pgliteDir}.${replaced}`);
      kept.push(`${pgliteDir}.${replaced}`);
    }
    await fs.promises.rename(unpacked, pgliteDir);

    let uploadNote = 'the logos are in the bucket';
    if (uploadsDir) {
      const copied = `${uploadsDir}.restoring`;
      await fs.promises.rm(copied, { recursive: true, force: true });
      const { files } = await copyUploads(path.join(backupDir, UPLOADS_DIR), copied);
      if (fs.existsSync(uploadsDir)) {
        await fs.promises.rename(uploadsDir, `${uploadsDir}.${replaced}`);
        kept.push(`${uploadsDir}.${replaced}`);
      }
      await fs.promises.rename(copied, uploadsDir);
      uploadNote = `${files} uploaded files`;
    }
    if (manifest.uploads.kind === 's3')
      uploadNote = `the backup has no logos (they were in bucket ${manifest.uploads.bucket})`;
    else if (!uploadsDir && manifest.uploads.files > 0)
      uploadNote = `the backup's ${manifest.uploads.files} logo files were NOT restored, as S3_BUCKET is set: copy ${path.join(backupDir, UPLOADS_DIR)} into the bucket`;
    const rows = Object.values(counts.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Restored ${backupDir} (made ${manifest.createdAt}) into ${dataDir}: ${rows} rows, ${uploadNote}.${
        kept.length > 0
          ? ` Kept what was there before: ${kept.join(', ')} (delete when no longer needed).`
          : ''
      }`,
    );
  } finally {
    release();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

function fail(message: string): never {
  throw new Error(message);
}
