import { describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { ConnectionWaitTimeout, gatedPglite } from '../../db/gate.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** Drizzle's wrapping: 'Failed query: …' with the driver's error as `cause`. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('which errors mean "the database is not answering"', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['08001', 'unable to connect'],
    ['57014', 'canceling statement due to statement timeout'],
    ['55P03', 'canceling statement due to lock timeout'],
    ['40P01', 'deadlock detected'],
    ['ECONNRESET', 'read ECONNRESET'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['EPIPE', 'write EPIPE'],
  ])('%s (%s), bare or wrapped by Drizzle', (code, message) => {
    expect(isDatabaseUnavailable(withCode(code, message))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode(code, message)))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('pg says "%s" without a code', (message) => {
    expect(isDatabaseUnavailable(wrapped(new Error(message)))).toBe(true);
  });

  it("PGlite's wait for its one connection", () => {
    expect(isDatabaseUnavailable(wrapped(new ConnectionWaitTimeout(5000)))).toBe(true);
  });

  it('not a fault of the database: constraint violations, bad input, our own bugs', () => {
    for (const error of [
      withCode('23505'),
      withCode('22P02'),
      withCode('42703'),
      new TypeError('x is undefined'),
      wrapped(withCode('23503')),
      null,
      'text',
      { code: 57 },
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

describe("the queue in front of PGlite's one connection", () => {
  /** A stand-in for PGlite: a transaction holds the connection until `release` is called. */
  function fakePglite() {
    const ran: string[] = [];
    let release!: () => void;
    const client = {
      query: async (text: string) => {
        ran.push(text);
        return { rows: [] };
      },
      transaction: async (fn: (tx: unknown) => Promise<unknown>) => {
        ran.push('begin');
        await new Promise<void>((resolve) => (release = resolve));
        return fn({});
      },
    };
    return { client: client as unknown as PGlite, ran, release: () => release() };
  }

  it('a caller that waited longer than the bound fails with a timeout and never runs later; the others run in order', async () => {
    const fake = fakePglite();
    const gate = gatedPglite(fake.client, 100);
    const held = gate.transaction(async () => 'done');
    const gaveUp = gate.query('late');
    await expect(gaveUp).rejects.toBeInstanceOf(ConnectionWaitTimeout);
    const first = gate.query('first');
    const second = gate.query('second');
    fake.release();
    await Promise.all([held, first, second]);
    expect(fake.ran).toEqual(['begin', 'first', 'second']);
  });

  it('0 waits as long as it takes', async () => {
    const fake = fakePglite();
    const gate = gatedPglite(fake.client, 0);
    const held = gate.transaction(async () => 'done');
    const waiting = gate.query('patient');
    await new Promise((resolve) => setTimeout(resolve, 150));
    fake.release();
    await Promise.all([held, waiting]);
    expect(fake.ran).toEqual(['begin', 'patient']);
  });
});
