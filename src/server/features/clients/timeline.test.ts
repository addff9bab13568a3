import { describe, expect, it } from 'vitest';
import { getClientTimeline, type ClientTimeline } from '../../../contract/clients/timeline.js';
import { markClientContacted } from '../../../contract/kickoff/kickoff.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { paidRegistration } from '../../test/billing.js';
import { TEST_DATABASES } from '../../test/databases.js';

// Issue 29 §4: the client's record tells everything that happened to them, newest first.
describe.each(TEST_DATABASES)('a client’s timeline on %s', (kind) => {
  const ctx = appUnderTest(kind, { registrationRateLimit: 1000, paymentRateLimit: 1000 });
  const get = (id: string) =>
    ctx.app.inject({
      url: apiPath(getClientTimeline, { id }),
      headers: { cookie: ctx.cookie },
    });

  it('has the registration, the payment, the e-mails, the first contact and the log entry', async () => {
    const { registrationId } = await paidRegistration(ctx, 'growing', undefined, {
      businessName: 'Timeline Tacos',
    });
    const contacted = await ctx.app.inject({
      method: 'POST',
      url: apiPath(markClientContacted, { id: registrationId }),
      headers: { cookie: ctx.cookie },
      payload: { method: 'call', note: 'Booked the consultation.' },
    });
    expect(contacted.statusCode, contacted.body).toBe(200);

    const res = await get(registrationId);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<ClientTimeline>();
    const texts = items.map((i) =>
      'text' in i ? `${i.kind}: ${i.text}` : `activity: ${i.entry.action}`,
    );
    expect(texts.at(-1)).toBe('registered: Registered for the Growing plan');
    expect(texts).toContainEqual(expect.stringMatching(/^payment: Paid \$\d+\.\d{2} \(INV-\d+\)$/));
    expect(texts).toContainEqual(expect.stringMatching(/^email: E-mailed “.+”$/));
    expect(texts).toContainEqual(
      expect.stringMatching(/^contact: First contact by a call \(.+\): Booked the consultation\.$/),
    );
    expect(texts).toContain('activity: update');
    // Newest first.
    const times = items.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers 404 for a client that does not exist, and for an id that is not one', async () => {
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('not-an-id')).statusCode).toBe(404);
  });
});
