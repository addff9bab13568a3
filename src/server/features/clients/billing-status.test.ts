import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ClientBillingStatus } from '../../../contract/clients/clients.js';
import { createTestDatabase, type TestDatabase } from '../../test/databases.js';
import { billingStatus, billingStatusSql, cancelsOn, type BillingFacts } from './billing-status.js';

const END = new Date('2026-12-25T03:30:00Z');
const base: BillingFacts = {
  registrationStatus: 'active',
  subscriptionStatus: 'active',
  cancelAtPeriodEnd: false,
  periodEnd: END,
};

// Every case the rule knows, with the status it must give.
const CASES: [string, BillingFacts, ClientBillingStatus][] = [
  ['a paid, renewing subscription', base, 'active'],
  ['an active one set to end at its period end', { ...base, cancelAtPeriodEnd: true }, 'cancels'],
  [
    'an active one set to end but without a period end (no day to say)',
    { ...base, cancelAtPeriodEnd: true, periodEnd: null },
    'active',
  ],
  ['a failed renewal', { ...base, subscriptionStatus: 'past_due' }, 'past_due'],
  [
    'a failed renewal that is also set to end (money is owed now)',
    { ...base, subscriptionStatus: 'past_due', cancelAtPeriodEnd: true },
    'past_due',
  ],
  ['an ended subscription', { ...base, subscriptionStatus: 'canceled' }, 'canceled'],
  [
    'an ended subscription whose flag was left set',
    { ...base, subscriptionStatus: 'canceled', cancelAtPeriodEnd: true },
    'canceled',
  ],
  [
    'a registration at checkout (incomplete subscription)',
    {
      registrationStatus: 'pending_payment',
      subscriptionStatus: 'incomplete',
      cancelAtPeriodEnd: false,
      periodEnd: null,
    },
    'awaiting_payment',
  ],
  [
    'a registration that never reached checkout',
    {
      registrationStatus: 'pending_payment',
      subscriptionStatus: null,
      cancelAtPeriodEnd: null,
      periodEnd: null,
    },
    'awaiting_payment',
  ],
  [
    'a paid registration without a subscription row (older data)',
    {
      registrationStatus: 'active',
      subscriptionStatus: null,
      cancelAtPeriodEnd: null,
      periodEnd: null,
    },
    'active',
  ],
];

describe('billingStatus', () => {
  it.each(CASES)('%s', (_name, facts, expected) => {
    expect(billingStatus(facts)).toBe(expected);
  });

  it("says the day a cancelling client is served until, in the agency's time zone", () => {
    const cancelling = { ...base, cancelAtPeriodEnd: true };
    // 03:30 UTC on the 25th is still the 24th in Chicago, already the 25th in UTC and Madrid.
    expect(cancelsOn(cancelling, 'America/Chicago')).toBe('2026-12-24');
    expect(cancelsOn(cancelling, 'UTC')).toBe('2026-12-25');
    expect(cancelsOn(cancelling, 'Europe/Madrid')).toBe('2026-12-25');
  });

  it('gives no day for any other status', () => {
    for (const [, facts, status] of CASES)
      if (status !== 'cancels') expect(cancelsOn(facts, 'America/Chicago')).toBeNull();
  });
});

describe('billingStatusSql says the same as billingStatus', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite', { seed: false });
  });
  afterAll(() => testDb.cleanup());

  it.each(CASES)('%s', async (_name, facts, expected) => {
    const expression = billingStatusSql({
      registrationStatus: sql`${facts.registrationStatus}::text`,
      subscriptionStatus: sql`${facts.subscriptionStatus}::text`,
      cancelAtPeriodEnd: sql`${facts.cancelAtPeriodEnd}::boolean`,
      periodEnd: sql`${facts.periodEnd?.toISOString() ?? null}::timestamptz`,
    });
    const result = await testDb.database.db.execute<{ status: string }>(
      sql`select ${expression} as status`,
    );
    expect((result as { rows: { status: string }[] }).rows[0]!.status).toBe(expected);
  });
});
