import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { gatedPglite } from './gate.js';
import * as schema from './schema.js';

/**
 * The database as every query sees it: the handle of either driver (node-postgres, PGlite) and a
 * transaction opened on it. Both drivers' databases and `PgTransaction` extend drizzle's
 * `PgDatabase` base class, so a function taking a `Db` takes a transaction too, without a cast.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs `fn` holding a session-level advisory lock, on one connection. */
  withLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Applies drizzle-kit migrations holding the advisory lock `key`, on one connection. Resolves
   * with the time (`created_at`) of the newest migration applied before, read under the lock
   * (null on a fresh database): drizzle applied exactly the journal's entries newer than that.
   */
  applyMigrations(key: number, migrationsFolder: string): Promise<number | null>;
  ping(): Promise<void>;
  /** Connections now: open, idle, and callers waiting for one (PGlite: its one connection). */
  poolStats?(): PoolStats;
  /** Calls `listener` with the seconds each wait for a connection took (a wait that timed out too); answers the unsubscribe. */
  onAcquire?(listener: AcquireListener): () => void;
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzipped tarball (backups, test templates). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}
export type AcquireListener = (seconds: number) => void;

/** Listeners of connection waits; reporting costs nothing while none listens. */
function acquireWatch() {
  const listeners = new Set<AcquireListener>();
  return {
    listening: () => listeners.size > 0,
    report(startedMs: number) {
      const seconds = (performance.now() - startedMs) / 1000;
      for (const listener of listeners) listener(seconds);
    },
    subscribe: (listener: AcquireListener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * Every wait on the database has a bound (docs/decisions/010-timeouts-and-database-faults.md).
 * 0 turns one off. PostgreSQL applies the first three per connection; PGlite runs one statement
 * at a time inside this process, so only `acquireMs` (the wait for its one connection) applies.
 */
export interface DatabaseTimeouts {
  /** Longest one statement may run (`statement_timeout`). */
  statementMs: number;
  /** Longest a statement waits for a lock on a row or table (`lock_timeout`). */
  lockMs: number;
  /** A transaction left open without a statement is ended (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
  /** Longest a request waits for a connection (the pool's `connectionTimeoutMillis`; PGlite: its one connection). */
  acquireMs: number;
}
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 10_000,
  lockMs: 3_000,
  idleInTransactionMs: 15_000,
  acquireMs: 5_000,
};

interface CommonOptions {
  timeouts?: Partial<DatabaseTimeouts>;
  /** Where a dropped connection is reported; console.warn when omitted. */
  warn?: (message: string) => void;
}
export type DatabaseOptions = CommonOptions &
  (
    | { kind: 'postgres'; url: string; poolSize?: number }
    | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  );

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
  const warn = options.warn ?? ((message: string) => console.warn(message));
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize, timeouts, warn)
    : openPglite(options.dataDir, options.loadDataDir, timeouts);
}

async function openPostgres(
  url: string,
  poolSize = 10,
  timeouts: DatabaseTimeouts,
  warn: (message: string) => void,
): Promise<Database> {
  const waits = acquireWatch();
  const pool = new Pool(waits, {
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: timeouts.acquireMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Notices a peer that vanished without a word (a failover that drops packets) sooner.
    keepAlive: true,
  });
  // A connection the server ends (restart, failover, pg_terminate_backend, a proxy, a timeout)
  // emits 'error'. Idle ones the pool reports and replaces; one a request holds has no listener
  // of the pool's, and an unheard 'error' would end the process. The request's own query fails
  // as well (answered 503, see db/errors.ts) and the broken connection is not reused.
  pool.on('error', (error) => warn(`PostgreSQL closed an idle connection: ${error.message}`));
  pool.on('connect', (client) =>
    client.on('error', (error) => warn(`PostgreSQL connection lost: ${error.message}`)),
  );
  const db = drizzlePg({ client: pool, schema });
  /** Runs `fn` on one connection of its own holding a session-level advisory lock. */
  async function locked<T>(key: number, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // Start-up work (migrations, seeding) may legitimately run long, and waiting for another
      // instance's migration is the point: no timeouts on this connection, which is then closed
      // rather than handed to a request with them off.
      await client.query(
        'set statement_timeout = 0; set lock_timeout = 0; set idle_in_transaction_session_timeout = 0',
      );
      await client.query('select pg_advisory_lock($1)', [key]);
      return await fn(client);
    } catch (error) {
      broken = error as Error;
      throw error;
    } finally {
      client.release(broken ?? true);
    }
  }
  return {
    kind: 'postgres',
    db,
    withLock: (key, fn) => locked(key, (client) => fn(drizzlePg({ client, schema }))),
    applyMigrations: (key, migrationsFolder) =>
      locked(key, async (client) => {
        const before = await newestMigration((sql) => client.query(sql));
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        return before;
      }),
    async ping() {
      await pool.query('select 1');
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    onAcquire: waits.subscribe,
    close: () => pool.end(),
  };
}

/**
 * A pool whose checked-out connections give themselves back when they die. Drizzle's transaction
 * sends `begin` before its try/finally, so a connection lost between checkout and `begin` was
 * never released: each failover leaked pool slots until none was left (and /readyz never came
 * back). A lost connection now leaves the pool at once; the holder's own release does nothing.
 */
class Pool extends pg.Pool {
  private readonly waits: ReturnType<typeof acquireWatch>;
  constructor(waits: ReturnType<typeof acquireWatch>, config: pg.PoolConfig) {
    super(config);
    this.waits = waits;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    const started = this.waits.listening() ? performance.now() : undefined;
    const waited = () => started !== undefined && this.waits.report(started);
    // pool.query's own path: it releases on error itself.
    if (callback)
      return super.connect(
        started === undefined
          ? callback
          : (err, client, done) => (waited(), callback(err, client, done)),
      );
    const connected = super.connect();
    if (started !== undefined) void connected.then(waited, waited);
    return connected.then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onLost = (error: Error) => releaseOnce(error);
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onLost);
        release(err);
      };
      client.once('error', onLost);
      client.release = releaseOnce;
      return client;
    });
  }
}

/** drizzle's record of applied migrations; missing before the first one (null then). */
async function newestMigration(
  query: (sql: string) => Promise<{ rows: unknown[] }>,
): Promise<number | null> {
  try {
    const { rows } = await query('select max(created_at) as at from drizzle.__drizzle_migrations');
    const at = (rows[0] as { at: unknown } | undefined)?.at;
    return at === null || at === undefined ? null : Number(at);
  } catch {
    return null;
  }
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
  timeouts: DatabaseTimeouts,
): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  } catch (error) {
    release();
    throw error;
  }
  const waits = acquireWatch();
  const { exclusive, ...gate } = gatedPglite(client, timeouts.acquireMs, waits);
  const db = drizzlePglite({
    client: gate as Pick<PGlite, 'query' | 'transaction'> as PGlite,
    schema,
  });
  async function locked<T>(key: number, fn: () => Promise<T>): Promise<T> {
    await gate.query('select pg_advisory_lock($1)', [key]);
    try {
      return await fn();
    } finally {
      await gate.query('select pg_advisory_unlock($1)', [key]);
    }
  }
  return {
    kind: 'pglite',
    db,
    withLock: (key, fn) => locked(key, () => fn(db)),
    applyMigrations: (key, migrationsFolder) =>
      locked(key, async () => {
        const before = await newestMigration((sql) => gate.query(sql));
        await migratePglite(db, { migrationsFolder });
        return before;
      }),
    async ping() {
      await gate.query('select 1');
    },
    poolStats: () => {
      const { busy, waiting } = gate.stats();
      return { total: 1, idle: busy ? 0 : 1, waiting };
    },
    onAcquire: waits.subscribe,
    // Between two transactions: the tarball is then a clean, committed state (backups, test templates).
    dumpDataDir: () => exclusive(() => client.dumpDataDir('gzip')),
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * PGlite runs inside this process: a second process opening the same directory would corrupt it.
 * A lock file with our pid keeps a second instance out, and a stale one (dead pid) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The embedded database at ${dataDir} is in use by process ${pid}. Stop that process, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL database between instances.`,
          { cause: error },
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
