import { describe, expect, it } from 'vitest';
import {
  getMySupportRequest,
  getSupportRequest,
  openSupportRequest,
  receiveInboundMail,
  type ClientSupportRequest,
  type SupportRequestDetail,
} from '../../../contract/support/support.js';
import { mailgunInboundRequest } from '../../adapters/inbound-mail/fake.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { accountCookie, paidRegistration } from '../../test/billing.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';

const KEY = 'mailgun webhook signing key for tests';

// The same webhook route with INBOUND_MAIL_PROVIDER=mailgun: Mailgun's signed form fields
// (urlencoded) reach the request, a tampered or stale signature is 401 (support.test.ts has Postmark).
describe.each(TEST_DATABASES)('inbound e-mail through Mailgun on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    config: testConfig({
      INBOUND_MAIL_PROVIDER: 'mailgun',
      INBOUND_MAIL_SECRET: KEY,
      INBOUND_MAIL_ADDRESS: 'help@mg.agency.example',
    }),
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
    accountRateLimit: 1000,
  });
  const post = (request: { headers: Record<string, string>; body: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(receiveInboundMail, { provider: 'mailgun' }),
      headers: request.headers,
      payload: request.body,
    });

  it('takes a signed reply into the thread and refuses a tampered or stale one', async () => {
    const { email } = await paidRegistration(ctx, 'growing');
    const cookie = await accountCookie(ctx, email);
    const { id } = (
      await ctx.app.inject({
        method: 'POST',
        url: apiPath(openSupportRequest),
        headers: { cookie },
        payload: { topic: 'billing', urgency: 'normal', description: 'Invoice question' },
      })
    ).json<ClientSupportRequest>();
    const { replyTo } = (
      await ctx.app.inject({
        url: apiPath(getSupportRequest, { id }),
        headers: { cookie: ctx.cookie },
      })
    ).json<SupportRequestDetail>();
    expect(replyTo).toMatch(/^help\+[0-9a-f]{24}@mg\.agency\.example$/);
    const mail = {
      from: email,
      to: replyTo!,
      subject: 'Re: Invoice question',
      text: 'Found it, thanks.\n\n> Invoice question',
    };

    const tampered = mailgunInboundRequest(mail, KEY);
    tampered.body = tampered.body.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`);
    expect((await post(tampered)).statusCode).toBe(401);
    const stale = mailgunInboundRequest(mail, KEY, new Date(Date.now() - 20 * 60_000));
    expect((await post(stale)).statusCode).toBe(401);
    expect((await post(mailgunInboundRequest(mail, 'another key entirely'))).statusCode).toBe(401);
    // Postmark's route is not this app's provider.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: apiPath(receiveInboundMail, { provider: 'postmark' }),
          payload: {},
        })
      ).statusCode,
    ).toBe(404);

    expect((await post(mailgunInboundRequest(mail, KEY))).statusCode).toBe(200);
    const thread = (
      await ctx.app.inject({ url: apiPath(getMySupportRequest, { id }), headers: { cookie } })
    ).json<ClientSupportRequest>();
    expect(thread.messages.map((m) => [m.kind, m.body])).toEqual([
      ['client', 'Invoice question'],
      ['client', 'Found it, thanks.'],
    ]);
  });
});
