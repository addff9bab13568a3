import { receiveInboundMail } from '../../../contract/support/support.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_BASE_PATH } from '../../../contract/auth/auth.js';
import { getCurrentEmployee, signOut } from '../../../contract/auth/employee-account.js';
import { getSignInOptions, login, signInWithEmail } from '../../../contract/auth/sign-in.js';
import {
  redeemBillingLink,
  requestBillingLink,
  signOutOfAccount,
} from '../../../contract/billing/billing.js';
import {
  cancelClientSubscription,
  refundClientInvoice,
} from '../../../contract/clients/clients.js';
import type { AnyEndpoint } from '../../../contract/lib/endpoint.js';
import {
  authenticateTestPayment,
  confirmTestCardPayment,
  createPaymentIntent,
  getPaymentStatus,
} from '../../../contract/payments/checkout.js';
import { stripeWebhook } from '../../../contract/payments/payments.js';
import { updatePlan } from '../../../contract/plans/admin.js';
import { listPlans } from '../../../contract/plans/list.js';
import { listPortfolio } from '../../../contract/portfolio/portfolio.js';
import { listFaq } from '../../../contract/faq/faq.js';
import { submitBusinessRegistration } from '../../../contract/registration/registration.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { createOrResetEmployee, ensureFirstEmployee } from './employees.js';
import { session } from '../../db/schema.js';

const OWNER = { email: 'owner@example.com', password: 'correct horse battery staple' };
/** An endpoint's route as the route table names it: its method, a space, its path. */
const routeOf = (endpoint: AnyEndpoint) => `${endpoint.method} ${endpoint.path}`;

/** Routes anyone may call (docs/product.md §6); every other route must answer 401 to a visitor. */
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /robots.txt',
  'GET /sitemap.xml',
  routeOf(listPlans),
  routeOf(listPortfolio),
  // The landing page's FAQ (issue 28 §7); saving it needs an employee.
  routeOf(listFaq),
  routeOf(submitBusinessRegistration),
  routeOf(createPaymentIntent),
  routeOf(confirmTestCardPayment),
  // The test-mode bank's authentication page of a checkout (by the intent's client secret, like confirm).
  routeOf(authenticateTestPayment),
  routeOf(getPaymentStatus),
  routeOf(stripeWebhook),
  // The inbound-mail provider's webhook: authenticated as the provider documents (support.test.ts).
  routeOf(receiveInboundMail),
  routeOf(login),
  routeOf(getSignInOptions),
  // The client billing page's sign-in (its other routes need its own session: 401 here too).
  routeOf(requestBillingLink),
  routeOf(redeemBillingLink),
  routeOf(signOutOfAccount),
  // Logos shown on the landing page.
  'GET /uploads/*',
  `GET ${AUTH_BASE_PATH}/*`,
  `POST ${AUTH_BASE_PATH}/*`,
  'GET /*',
]);

describe.each(TEST_DATABASES)('employee sign-in on %s', (kind) => {
  const ctx = appUnderTest(kind, { role: null });
  // Better Auth's in-memory limiter is shared by the apps of one process: one address range per database.
  const net = kind === 'pglite' ? '10.1' : '10.2';

  beforeAll(async () => {
    expect(await ensureFirstEmployee(ctx.app.auth, ctx.testDb.database.db, OWNER)).toBe(true);
    expect(
      await ensureFirstEmployee(ctx.app.auth, ctx.testDb.database.db, {
        ...OWNER,
        password: 'another long password 1',
      }),
    ).toBe(false);
  });

  const signIn = (body: object, remoteAddress = `${net}.0.1`) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: body,
      remoteAddress,
    });
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    ([res.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]).join('; ');
  const whoAmI = (cookie?: string) =>
    ctx.app.inject({ url: apiPath(getCurrentEmployee), headers: cookie ? { cookie } : {} });

  it('signs an employee in with an HttpOnly SameSite=Lax cookie and answers who they are', async () => {
    const res = await signIn(OWNER);
    expect(res.statusCode).toBe(200);
    const raw = [res.headers['set-cookie']].flat().join('\n');
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    const me = await whoAmI(cookieOf(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'owner@example.com',
      role: 'owner',
      name: 'Owner',
      id: expect.any(String),
    });
  });

  it('refuses a wrong password or an unknown e-mail with the same words', async () => {
    const wrong = await signIn({ ...OWNER, password: 'not the password at all' }, `${net}.0.2`);
    const unknown = await signIn(
      { email: 'nobody@example.com', password: 'not the password at all' },
      `${net}.0.2`,
    );
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual({ message: 'Wrong email or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('revokes the session on sign-out, and refuses a forged cookie', async () => {
    const cookie = cookieOf(await signIn(OWNER, `${net}.0.3`));
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: apiPath(signOut),
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect((await whoAmI('agency.session_token=forged.value')).statusCode).toBe(401);

    // A session past its expiry is refused, even with a correctly signed cookie.
    const expiring = cookieOf(await signIn(OWNER, `${net}.0.3`));
    expect((await whoAmI(expiring)).statusCode).toBe(200);
    await ctx.testDb.database.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await whoAmI(expiring)).statusCode).toBe(401);
    expect((await whoAmI()).json()).toEqual({ message: 'You are not signed in.' });
  });

  it('has no public sign-up, and refuses writes from another site', async () => {
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: `${AUTH_BASE_PATH}/sign-up/email`,
      payload: { email: 'x@example.com', password: 'a long enough password', name: 'X' },
    });
    expect(signUp.statusCode).toBeGreaterThanOrEqual(400);
    const cross = await ctx.app.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: OWNER,
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    const fetchSite = await ctx.app.inject({
      method: 'POST',
      url: apiPath(submitBusinessRegistration),
      payload: {},
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.statusCode).toBe(403);
  });

  it('limits sign-in attempts per address with a clear 429', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await signIn({ ...OWNER, password: 'wrong password here' }, `${net}.0.9`)).statusCode,
      );
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const limited = await signIn(OWNER, `${net}.0.9`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/Too many sign-in attempts/);
    expect((await signIn(OWNER, `${net}.0.10`)).statusCode).toBe(200);
  });

  it('adds employees and resets passwords (admin:create), refusing weak passwords', async () => {
    await expect(
      createOrResetEmployee(ctx.app.auth, ctx.testDb.database.db, {
        email: 'staff@example.com',
        password: 'short',
      }),
    ).rejects.toThrow(/at least 12/);
    await expect(
      createOrResetEmployee(ctx.app.auth, ctx.testDb.database.db, {
        email: 'staff@example.com',
        password: 'password1234',
      }),
    ).rejects.toThrow(/too common/);
    expect(
      await createOrResetEmployee(ctx.app.auth, ctx.testDb.database.db, {
        email: 'Staff@Example.com',
        password: 'a perfectly fine phrase',
      }),
    ).toBe('created');
    const cookie = cookieOf(
      await signIn(
        { email: 'staff@example.com', password: 'a perfectly fine phrase' },
        `${net}.0.4`,
      ),
    );
    expect((await whoAmI(cookie)).json()).toMatchObject({ role: 'staff' });
    expect(
      await createOrResetEmployee(ctx.app.auth, ctx.testDb.database.db, {
        email: 'staff@example.com',
        password: 'a new and better phrase',
      }),
    ).toBe('password-reset');
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect(
      (
        await signIn(
          { email: 'staff@example.com', password: 'a new and better phrase' },
          `${net}.0.4`,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('declares which routes need the billing permission: the ones that move money', async () => {
    const billing = ctx.app.routeTable
      .filter((r) => r.permission === 'billing')
      .map((r) => `${r.method} ${r.url}`);
    expect(billing.sort()).toEqual([
      routeOf(cancelClientSubscription),
      routeOf(refundClientInvoice),
      routeOf(updatePlan),
    ]);
    expect(
      ctx.app.routeTable.every((r) => r.permission === undefined || r.permission === 'billing'),
    ).toBe(true);
  });

  it('every route that is not public answers 401 to a visitor', async () => {
    const guarded = ctx.app.routeTable.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.url}`));
    expect(guarded.map((r) => `${r.method} ${r.url}`)).toContain(routeOf(getCurrentEmployee));
    for (const route of guarded) {
      const url = route.url.replace(/:[^/]+/g, '1').replace('*', 'x');
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('employee sign-in with PUBLIC_URL set', () => {
  const ctx = appUnderTest('pglite', {
    role: null,
    config: testConfig({ PUBLIC_URL: 'https://agency.example' }),
  });
  beforeAll(async () => {
    await ensureFirstEmployee(ctx.app.auth, ctx.testDb.database.db, OWNER);
  });
  const signInAt = (host: string) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: OWNER,
      headers: { host },
      remoteAddress: '10.3.0.1',
    });

  it('is refused on another address of the server, with words that say where to go', async () => {
    const elsewhere = await signInAt('10.0.0.5:5001');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({
      message:
        'Employees sign in at https://agency.example only (this page was opened at 10.0.0.5:5001). Open https://agency.example/login and sign in there.',
    });
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
    const there = await signInAt('agency.example');
    expect(there.statusCode).toBe(200);
    expect([there.headers['set-cookie']].flat().join('\n')).toMatch(/session_token=/);
  });

  it("sends the landing page's Employee Login to the site's own sign-in page", async () => {
    const res = await ctx.app.inject({ url: apiPath(login), headers: { host: 'old.example' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://agency.example/login');
  });
});
