import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { requestDump } from '../db/control-socket.js';
import {
  DATABASE_FILE,
  MANIFEST,
  UPLOADS_DIR,
  copyUploads,
  inspectDump,
  sha256,
  stamp,
  type Manifest,
} from './backups.js';

/**
 * `npm run backup -- [--out <dir>] [--data-dir <dir>]`: the embedded database (PGlite) and the
 * uploads folder into <out>/backup-<time>/. While a server runs on the data directory it makes
 * the dump (db/control-socket.ts); otherwise this opens the directory itself. README › Backups.
 */
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'backups' },
    'data-dir': { type: 'string' },
  },
});

try {
  const config = loadConfig(
    values['data-dir'] ? { ...process.env, DATA_DIR: values['data-dir'] } : process.env,
  );
  if (config.databaseUrl)
    fail(
      'DATABASE_URL is set: this server keeps its data in PostgreSQL, so back it up with pg_dump (README › Backups).',
    );
  const pgliteDir = path.join(config.dataDir, 'pglite');

  // The dump first, the logos after it: every logo the dump names is then in the copy (one
  // uploaded meanwhile is an extra file, harmless).
  let dump = await requestDump(config.dataDir);
  const madeBy = dump ? 'server' : 'direct';
  if (!dump) {
    if (!fs.existsSync(pgliteDir)) fail(`There is no database at ${pgliteDir} to back up.`);
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    try {
      dump = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    } finally {
      await database.close();
    }
  }
  const { migrations, tables } = await inspectDump(dump);

  const outDir = path.resolve(values.out);
  const name = `backup-${stamp()}`;
  const partial = path.join(outDir, `.${name}.partial`);
  await fs.promises.rm(partial, { recursive: true, force: true });
  await fs.promises.mkdir(partial, { recursive: true, mode: 0o700 });
  await fs.promises.writeFile(path.join(partial, DATABASE_FILE), dump, { mode: 0o600 });
  const uploads =
    config.storage.kind === 'disk'
      ? {
          kind: 'disk' as const,
          ...(await copyUploads(config.storage.dir, path.join(partial, UPLOADS_DIR))),
        }
      : { kind: 's3' as const, bucket: config.storage.bucket };
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    app: appVersion(),
    madeBy,
    database: {
      kind: 'pglite',
      file: DATABASE_FILE,
      bytes: dump.length,
      sha256: sha256(dump),
      migrations,
      tables,
    },
    uploads,
  };
  await fs.promises.writeFile(
    path.join(partial, MANIFEST),
    `${JSON.stringify(manifest, null, 2)}\n`,
    { mode: 0o600 },
  );
  // Complete or absent: a backup cut short keeps its `.partial` name.
  const final = path.join(outDir, name);
  await fs.promises.rename(partial, final);
  const rows = Object.values(tables).reduce((a, b) => a + b, 0);
  console.log(
    `Backup written to ${final}: ${rows} rows in ${Object.keys(tables).length} tables, ${
      uploads.kind === 'disk'
        ? `${uploads.files} uploaded files`
        : `logos left in bucket ${uploads.bucket}`
    } (${madeBy === 'server' ? 'dump made by the running server' : 'no server was running'}).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

/** npm run names the package; a bundle run by hand finds package.json where it runs (a release's root). */
function appVersion(): Manifest['app'] {
  if (process.env.npm_package_version)
    return {
      name: process.env.npm_package_name ?? 'unknown',
      version: process.env.npm_package_version,
    };
  try {
    const { name, version } = JSON.parse(
      fs.readFileSync('package.json', 'utf8'),
    ) as Manifest['app'];
    return { name, version };
  } catch {
    return { name: 'unknown', version: 'unknown' };
  }
}

function fail(message: string): never {
  throw new Error(message);
}
