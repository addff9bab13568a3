import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { billingFor, GOOD_CARD, paidRegistration } from '../../test/billing.js';

const TEAM = 'team@example.com';
const FAILS_ON_CHARGE = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0341' };

// Issue 28 §4: the team hears when a client cancels, changes plan or goes past due, once each.
describe.each(TEST_DATABASES)('team e-mails about billing changes on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    config: testConfig({ TEAM_EMAIL: TEAM }),
    role: 'owner',
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  let n = 0;
  beforeEach(async () => {
    await billingFor(ctx).clock.reset();
  });

  /** A paying client with a business name of its own, so its team e-mails can be told apart. */
  async function client(plan = 'growing') {
    const businessName = `Oak Grove Pipe Pros ${kind} ${++n}`;
    return { businessName, ...(await paidRegistration(ctx, plan, undefined, { businessName })) };
  }
  /** The team's e-mails about one business, oldest first. */
  async function teamMails(businessName: string) {
    const rows = await ctx.testDb.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, TEAM), like(outboxMessages.subject, `%${businessName}%`)))
      .orderBy(outboxMessages.createdAt);
    return rows.map((r) => ({ kind: r.kind, subject: r.subject, text: r.body }));
  }
  const ofKind = async (businessName: string, k: string) =>
    (await teamMails(businessName)).filter((m) => m.kind === k);

  it('a cancellation: one e-mail with the end date and the reason, even after a double click', async () => {
    const { businessName, registrationId } = await client();
    const billing = billingFor(ctx);
    const [first, second] = await Promise.allSettled([
      billing.cancel(registrationId, 'Moving to another town', 'client'),
      billing.cancel(registrationId, 'Moving to another town', 'client'),
    ]);
    expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected']);
    const mails = await ofKind(businessName, 'team_cancellation_scheduled');
    expect(mails).toHaveLength(1);
    const endsAt = (await billing.overview(registrationId)).subscription!.currentPeriodEnd!;
    expect(mails[0]!.subject).toBe(
      `Canceled: ${businessName} (Growing), ends ${endsAt.slice(0, 10)}`,
    );
    expect(mails[0]!.text).toContain('Reason: Moving to another town');
    // The first call happens in the client's language (issue 28 §2).
    expect(mails[0]!.text).toContain('Language: English');

    // Canceled by the team for the client: said so, no reason given.
    const other = await client();
    await billing.cancel(other.registrationId, undefined, 'team');
    const [byTeam] = await ofKind(other.businessName, 'team_cancellation_scheduled');
    expect(byTeam!.text).toContain('(through the team)');
    expect(byTeam!.text).toContain('Reason: (none given)');
  });

  it('plan changes: an upgrade, a downgrade and an undone downgrade, one e-mail each', async () => {
    const { businessName, registrationId, planIds } = await client();
    const billing = billingFor(ctx);
    await billing.changePlan(registrationId, planIds.comprehensive!);
    let mails = await ofKind(businessName, 'team_plan_changed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Plan change: ${businessName}, Growing → Comprehensive`);
    expect(mails[0]!.text).toMatch(
      /upgraded from Growing to Comprehensive today \(charged \$\d+\.\d\d now\)/,
    );
    expect(mails[0]!.text).toContain('Language: English');

    await billing.changePlan(registrationId, planIds.essential!);
    await billing.changePlan(registrationId, planIds.comprehensive!);
    mails = await ofKind(businessName, 'team_plan_changed');
    expect(mails.map((m) => m.subject)).toEqual([
      `Plan change: ${businessName}, Growing → Comprehensive`,
      `Plan change: ${businessName}, Comprehensive → Essential`,
      `Plan change undone: ${businessName} stays on Comprehensive`,
    ]);
    expect(mails[1]!.text).toMatch(
      /moves from Comprehensive to Essential at the renewal on \d{4}-\d\d-\d\d/,
    );
    // Nothing waits now: the same plan again is refused and tells nobody.
    await expect(billing.changePlan(registrationId, planIds.comprehensive!)).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await ofKind(businessName, 'team_plan_changed')).toHaveLength(3);
  });

  it('past due: one e-mail when the renewal first fails, however often the job runs; retries say so apart', async () => {
    const { businessName, registrationId } = await client();
    const billing = billingFor(ctx);
    await billing.updateCard(registrationId, FAILS_ON_CHARGE);
    await billing.clock.advance(32);
    // Two instances' billing jobs at once, and again: nothing more is due.
    await Promise.all([billing.runDue(), billing.runDue()]);
    await billing.runDue();
    const pastDue = await ofKind(businessName, 'team_past_due');
    expect(pastDue).toHaveLength(1);
    expect(pastDue[0]!.subject).toBe(`Past due: ${businessName} (Growing)`);
    expect(pastDue[0]!.text).toContain('is past due: the renewal for $299.00 failed.');
    expect(await ofKind(businessName, 'team_payment_failed')).toHaveLength(0);

    await billing.clock.advance(3);
    expect(await ofKind(businessName, 'team_past_due')).toHaveLength(1);
    // The retries (3 and 5 days after the renewal date) each tell the team, as 'Renewal failed'.
    const retries = await ofKind(businessName, 'team_payment_failed');
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries.map((m) => /\(attempt (\d)\)/.exec(m.text)?.[1])).toEqual(
      ['2', '3'].slice(0, retries.length),
    );
    expect(retries[0]!.subject).toBe(`Renewal failed: ${businessName} (Growing)`);
  });
});
