import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { ConnectionWaitTimeout, gatedPglite } from './gate.js';

/** PGlite as the gate sees it: each query runs synchronously and answers at once. */
const instantClient = (ran: string[]) =>
  ({
    query: (sql: string) => {
      ran.push(sql);
      return Promise.resolve({ rows: [] });
    },
    transaction: (fn: (tx: unknown) => Promise<unknown>) => fn({}),
  }) as unknown as PGlite;

describe('gatedPglite', () => {
  it('runs queued queries one per turn of the event loop, so timers and I/O run in between', async () => {
    const ran: string[] = [];
    const gate = gatedPglite(instantClient(ran), 0);
    let doneWhenOthersRan = -1;
    let done = 0;
    setImmediate(() => (doneWhenOthersRan = done));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => gate.query(`select ${i}`).then(() => done++)),
    );
    // Handed over at once, all 20 ran in one chain of microtasks before anything else could.
    expect(doneWhenOthersRan).toBeGreaterThanOrEqual(0);
    expect(doneWhenOthersRan).toBeLessThan(20);
    expect(ran).toEqual(Array.from({ length: 20 }, (_, i) => `select ${i}`));
  });

  it('passes the turn on when a caller gave up while its turn was on the way', async () => {
    const ran: string[] = [];
    let release!: () => void;
    const client = {
      query: (sql: string) => {
        ran.push(sql);
        return sql === 'slow'
          ? new Promise((resolve) => (release = () => resolve({ rows: [] })))
          : Promise.resolve({ rows: [] });
      },
    } as unknown as PGlite;
    const gate = gatedPglite(client, 20);
    const slow = gate.query('slow');
    const late = gate.query('late');
    const next = gate.query('next');
    await expect(late).rejects.toBeInstanceOf(ConnectionWaitTimeout);
    await expect(next).rejects.toBeInstanceOf(ConnectionWaitTimeout);
    release();
    await slow;
    await gate.query('after');
    expect(ran).toEqual(['slow', 'after']);
  });
});
