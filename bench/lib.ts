// Shared by the database benchmarks: a throw-away PostgreSQL database and percentile timing.
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client.js';

const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const RUNS = Number(process.env.BENCH_RUNS ?? 60);

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs `fn` on a new PostgreSQL database beside BENCH_DATABASE_URL, then on an in-memory PGlite; drops both. */
export async function onBothDatabases(fn: (label: string, database: Database) => Promise<void>): Promise<void> {
  const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  try {
    const url = new URL(base);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      await fn('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  } finally {
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
  const pglite = await openDatabase({ kind: 'pglite' });
  try {
    await fn('PGlite (in memory)', pglite);
  } finally {
    await pglite.close();
  }
}

/** Runs `call` RUNS times after 5 warm-up runs; answers the last result's size and p50/p95 in ms. */
export async function timed(call: () => Promise<unknown[]>): Promise<{ found: number; p50: string; p95: string }> {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < RUNS + 5; i++) {
    const started = performance.now();
    found = (await call()).length;
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  return { found, p50: p(0.5), p95: p(0.95) };
}
