import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The hashed assets of recent builds, kept in one directory every instance shares (DATA_DIR/assets
 * by default), so that during a rolling update any instance serves any recent version's files: a
 * page from the new version may ask the old instance for its scripts, and the other way round.
 *
 * At start-up each server copies its build's assets there (their names carry their content's hash,
 * so a file already there is the same file) into files/, and its build's manifest into builds/<build>.json
 * (the files, when it last started): only files/ is served. Builds that are neither among the last `keepBuilds` started nor
 * started in the last `keepDays` are forgotten, and the files no remaining build names are deleted.
 * One instance at a time does this, under a lock file whose age says whether its holder died (pids
 * mean nothing across containers sharing a volume).
 */
export interface AssetArchiveOptions {
  /** Builds kept whatever their age: the current one and those before it (5). */
  keepBuilds?: number;
  /** Builds kept that started this recently (30 days). */
  keepDays?: number;
  /** Now (tests). */
  now?: Date;
}

export interface ArchiveResult {
  /** This build's name in the archive: a hash of its asset names. */
  build: string;
  copied: number;
  /** Files deleted with the builds forgotten. */
  deleted: number;
}

const MANIFESTS = 'builds';
const FILES = 'files';

/** The archive's directory of served files. */
export function archivedFiles(archiveDir: string): string {
  return path.join(archiveDir, FILES);
}
const LOCK = '.lock';
/** A lock older than this was left by an instance that died: archiving takes well under a second. */
const STALE_LOCK_MS = 60_000;
const LOCK_WAIT_MS = 30_000;

interface Manifest {
  files: string[];
  startedAt: string;
}

export async function archiveAssets(
  assetsDir: string,
  archiveDir: string,
  options: AssetArchiveOptions = {},
): Promise<ArchiveResult> {
  const keepBuilds = options.keepBuilds ?? 5;
  const keepDays = options.keepDays ?? 30;
  const now = options.now ?? new Date();
  const files = listFiles(assetsDir);
  const build = crypto.createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
  fs.mkdirSync(path.join(archiveDir, MANIFESTS), { recursive: true });
  fs.mkdirSync(archivedFiles(archiveDir), { recursive: true });

  const release = await lock(path.join(archiveDir, LOCK));
  try {
    const manifest: Manifest = { files, startedAt: now.toISOString() };
    writeAtomically(path.join(archiveDir, MANIFESTS, `${build}.json`), JSON.stringify(manifest));
    let copied = 0;
    for (const file of files) {
      const target = path.join(archivedFiles(archiveDir), file);
      if (fs.existsSync(target)) continue;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      writeAtomically(target, fs.readFileSync(path.join(assetsDir, file)));
      copied++;
    }
    return { build, copied, deleted: prune(archiveDir, build, keepBuilds, keepDays, now) };
  } finally {
    release();
  }
}

/** Forgets the builds past keeping and deletes the files no kept build names. */
function prune(
  archiveDir: string,
  current: string,
  keepBuilds: number,
  keepDays: number,
  now: Date,
): number {
  const manifestsDir = path.join(archiveDir, MANIFESTS);
  const builds = fs
    .readdirSync(manifestsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const build = name.slice(0, -'.json'.length);
      try {
        const manifest = JSON.parse(
          fs.readFileSync(path.join(manifestsDir, name), 'utf8'),
        ) as Manifest;
        return { build, files: manifest.files, started: Date.parse(manifest.startedAt) };
      } catch {
        return { build, files: [] as string[], started: 0 };
      }
    })
    .sort((a, b) => b.started - a.started);
  const recent = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  const named = new Set<string>();
  builds.forEach((entry, index) => {
    if (entry.build === current || index < keepBuilds || entry.started >= recent) {
      for (const file of entry.files) named.add(file);
    } else {
      fs.rmSync(path.join(manifestsDir, `${entry.build}.json`), { force: true });
    }
  });
  let deleted = 0;
  for (const file of listFiles(archivedFiles(archiveDir))) {
    if (named.has(file)) continue;
    fs.rmSync(path.join(archivedFiles(archiveDir), file), { force: true });
    deleted++;
  }
  return deleted;
}

/** The files under `dir`, as sorted relative paths with `/`, without hidden ones (a copy being written). */
function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).some((part) => part.startsWith('.')))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** Written under a temporary name and renamed: another instance serving it never reads half a file. */
function writeAtomically(file: string, data: string | Buffer): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}

async function lock(file: string): Promise<() => void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(file, `${process.pid}`, { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > STALE_LOCK_MS || Date.now() > deadline) {
      // Its holder died mid-way (or hangs): what it wrote is whole files only, so carry on.
      fs.rmSync(file, { force: true });
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
