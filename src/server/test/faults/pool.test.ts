import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { createTestDatabase, type TestDatabase } from '../databases.js';

/** Drizzle's `execute` result is typed per driver; on PostgreSQL it carries `rows`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// pg_terminate_backend is PostgreSQL's: this runs only when TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL pool after lost connections', () => {
  let testDb: TestDatabase;
  let database: Database;
  let admin: pg.Client;
  const warnings: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres', { seed: false });
    database = await openDatabase({
      kind: 'postgres',
      url: testDb.url!,
      poolSize: 2,
      timeouts: { acquireMs: 1_000 },
      warn: (message) => warnings.push(message),
    });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
    await testDb?.cleanup();
  });

  const backends = async () =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and state = 'idle'",
        [new URL(testDb.url!).pathname.slice(1)],
      )
    ).rows.map((row) => row.pid);

  it("keeps working when connections die between checkout and a transaction's begin: none leaks", async () => {
    let failed = 0;
    for (let round = 0; round < 12; round++) {
      // Two idle pooled connections, then kill them and at once start transactions on them: the
      // pool hands out connections whose death it has not read yet, and `begin` fails on them.
      await Promise.all([
        database.db.execute(sql`select pg_sleep(0.01)`),
        database.db.execute(sql`select pg_sleep(0.01)`),
      ]);
      const pids = await backends();
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
      const results = await Promise.allSettled(
        [0, 1].map(() => database.db.transaction((tx) => tx.execute(sql`select 1`))),
      );
      for (const result of results) {
        if (result.status === 'rejected') {
          failed++;
          expect(isDatabaseUnavailable(result.reason), String(result.reason)).toBe(true);
        }
      }
    }
    expect(failed).toBeGreaterThan(0); // the fault really happened
    // Both pool slots still serve, well within the 1 s acquisition bound.
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => database.db.transaction((tx) => tx.execute(sql`select 1 as one`))),
    );
    expect(results.map((r) => rowsOf(r)[0])).toEqual([
      { one: 1 },
      { one: 1 },
      { one: 1 },
      { one: 1 },
    ]);
  });

  it('a connection killed inside a transaction fails that transaction only, and the next one works', async () => {
    const killed = database.db.transaction(async (tx) => {
      const [backend] = rowsOf<{ pid: number }>(
        await tx.execute(sql`select pg_backend_pid() as pid`),
      );
      await admin.query('select pg_terminate_backend($1)', [backend!.pid]);
      await tx.execute(sql`select 1`);
    });
    await expect(killed).rejects.toSatisfy(isDatabaseUnavailable);
    expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });
});
