import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AUTH_BASE_PATH } from '../../../contract/auth/auth.js';
import { getCurrentEmployee } from '../../../contract/auth/employee-account.js';
import { getSignInOptions, login as loginEndpoint } from '../../../contract/auth/sign-in.js';
import { refundClientInvoice } from '../../../contract/clients/clients.js';
import { buildApp } from '../../app.js';
import { account, activityLog, user } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { cookieOf } from '../../test/employees.js';
import { s256, startFakeOidc, type FakeOidc, type OidcUser } from '../../test/fake-oidc.js';
import {
  authorizeAt,
  genuineIdToken,
  sessionCookieSet,
  ssoBrowser,
  tokenAt,
} from '../../test/fake-oidc-client.js';
import { createOrResetEmployee } from './employees.js';

/** The redirect URI registered at the provider: the app's own callback (app.inject's host is localhost). */
const CALLBACK = `http://localhost${AUTH_BASE_PATH}/oauth2/callback/sso`;
const CLIENT = { clientId: 'agency-app', clientSecret: 'fake-secret', redirectUris: [CALLBACK] };
const person = (name: string, email: string, verified = true): OidcUser => ({
  sub: `idp-${name.toLowerCase()}`,
  email,
  email_verified: verified,
  name,
});
const ANA = person('Ana', 'ana@agency.example');

describe.each(TEST_DATABASES)('single sign-on on %s', (kind) => {
  let idp: FakeOidc;
  let browser: ReturnType<typeof ssoBrowser>;
  // Better Auth's in-memory limiter is shared by the apps of one process: each database its own addresses.
  const net = kind === 'pglite' ? '10.31' : '10.32';
  afterAll(() => idp?.close());
  const ctx = appUnderTest(kind, async () => {
    idp = await startFakeOidc(CLIENT);
    const oidc = {
      issuer: idp.issuer,
      clientId: CLIENT.clientId,
      clientSecret: CLIENT.clientSecret,
      allowedDomains: ['agency.example'],
      name: 'Agency SSO',
    };
    return { config: { ...testConfig(), oidc }, role: null };
  });

  beforeAll(() => {
    browser = ssoBrowser(ctx.app, idp, net);
  });

  const signIn = (who: OidcUser) => browser.signIn(who);
  const whoAmI = (cookie: string) =>
    ctx.app.inject({ url: apiPath(getCurrentEmployee), headers: { cookie } });
  const usersWith = (email: string) =>
    ctx.testDb.database.db.select().from(user).where(eq(user.email, email));
  const failures = async (error: string) =>
    (
      await ctx.testDb.database.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.action, 'sign-in.failed'),
            sql`${activityLog.detail}->>'error' = ${error}`,
          ),
        )
    ).length;
  const tokenRequests = () => idp.requests.filter((r) => r.path === '/token');

  /** Signs in someone the app must refuse: back to the sign-in page with `error`, logged as a failure. */
  async function expectRefused(who: OidcUser, error: string) {
    const before = await failures(error);
    const res = await signIn(who);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?error=${error}`);
    expect(sessionCookieSet(res)).toBe(false);
    expect(await failures(error)).toBe(before + 1);
  }

  it('offers single sign-on by its name on the sign-in page', async () => {
    const res = await ctx.app.inject({ url: apiPath(getSignInOptions) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ password: true, sso: { name: 'Agency SSO' } });
  });

  it('signs an employee of an allowed domain in: discovery, authorize with PKCE, code for tokens, ID token checked against the keys', async () => {
    const flow = await browser.start(ANA);
    expect(flow.authorize.origin + flow.authorize.pathname).toBe(`${idp.issuer}/authorize`);
    const asked = Object.fromEntries(flow.authorize.searchParams);
    expect(asked).toMatchObject({
      client_id: 'agency-app',
      response_type: 'code',
      redirect_uri: CALLBACK,
      code_challenge_method: 'S256',
    });
    expect(asked.scope!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(asked.state).toMatch(/.{16,}/);
    expect(asked.nonce).toMatch(/.{16,}/);
    expect(flow.cookie).toMatch(/agency\.state=/);
    expect(flow.callback.origin + flow.callback.pathname).toBe(CALLBACK);
    expect(flow.callback.searchParams.get('state')).toBe(asked.state);

    const res = await browser.finish(flow);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin');
    expect(sessionCookieSet(res)).toBe(true);
    const me = await whoAmI(cookieOf(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ana@agency.example',
      name: 'Ana',
      role: 'staff',
      twoFactorEnabled: false,
    });

    // Better Auth takes the user from the verified ID token, so it never calls /userinfo.
    expect(idp.paths()).toEqual([
      '/.well-known/openid-configuration',
      '/authorize',
      '/token',
      '/jwks',
    ]);
    const [token] = tokenRequests();
    expect(token).toMatchObject({ method: 'POST', status: 200, authorization: undefined });
    expect(token!.params).toMatchObject({
      grant_type: 'authorization_code',
      code: flow.callback.searchParams.get('code'),
      redirect_uri: CALLBACK,
    });
    expect(token!.params).toMatchObject({ client_id: 'agency-app', client_secret: 'fake-secret' });
    expect(s256(token!.params.code_verifier!)).toBe(asked.code_challenge);

    const [ana] = await usersWith('ana@agency.example');
    const logged = await ctx.testDb.database.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'sign-in'), eq(activityLog.actorEmail, 'ana@agency.example')),
      );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ employeeId: ana!.id, detail: { method: 'sso' } });
  });

  it('gives a new single sign-on account the least access: staff without billing, whatever the provider claims', async () => {
    idp.idTokenOverrides = { role: 'owner', billing: true, disabled: false };
    let res;
    try {
      res = await signIn(person('Gil', 'gil@agency.example'));
    } finally {
      idp.idTokenOverrides = {};
    }
    expect(res.headers.location).toBe('/admin');
    const cookie = cookieOf(res);
    expect((await whoAmI(cookie)).json()).toMatchObject({
      email: 'gil@agency.example',
      role: 'staff',
      billing: false,
    });
    const [gil] = await usersWith('gil@agency.example');
    expect(gil).toMatchObject({ role: 'staff', billing: false, disabled: false });
    // Money needs the permission an owner grants: refunds, cancelling for a client, plans.
    const refund = await ctx.app.inject({
      method: 'POST',
      url: apiPath(refundClientInvoice, {
        id: '00000000-0000-4000-8000-000000000000',
        invoiceId: '00000000-0000-4000-8000-000000000001',
      }),
      headers: { cookie },
      payload: { amount: '1.00', reason: 'test' },
    });
    expect(refund.statusCode).toBe(403);
    expect(refund.json<{ message: string }>().message).toMatch(/billing permission/);
  });

  it('signs the same person in again without a second account', async () => {
    const res = await signIn(ANA);
    expect(res.headers.location).toBe('/admin');
    expect(sessionCookieSet(res)).toBe(true);
    const users = await usersWith('ana@agency.example');
    expect(users).toHaveLength(1);
    const accounts = await ctx.testDb.database.db
      .select()
      .from(account)
      .where(eq(account.userId, users[0]!.id));
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([['sso', 'idp-ana']]);
  });

  it('links single sign-on to an existing password account of the same address', async () => {
    await createOrResetEmployee(ctx.app.auth, ctx.testDb.database.db, {
      email: 'bo@agency.example',
      password: 'a long test passphrase',
      role: 'owner',
    });
    const res = await signIn(person('Bo', 'bo@agency.example'));
    expect(res.headers.location).toBe('/admin');
    expect((await whoAmI(cookieOf(res))).json()).toMatchObject({
      email: 'bo@agency.example',
      role: 'owner',
    });
    const [bo, ...more] = await usersWith('bo@agency.example');
    expect(more).toEqual([]);
    const accounts = await ctx.testDb.database.db
      .select()
      .from(account)
      .where(eq(account.userId, bo!.id));
    expect(accounts.map((a) => a.providerId).sort()).toEqual(['credential', 'sso']);
  });

  it('refuses an address of another domain: back to /login, no account, a failed sign-in logged', async () => {
    await expectRefused(person('Eve', 'eve@elsewhere.example'), 'domain_not_allowed');
    expect(await usersWith('eve@elsewhere.example')).toEqual([]);
    // The provider did vouch for her: the refusal is the app's.
    expect(tokenRequests().at(-1)!.status).toBe(200);
  });

  it('refuses an allowed address the provider has not verified', async () => {
    await expectRefused(person('Cy', 'cy@agency.example', false), 'email_not_verified');
    expect(await usersWith('cy@agency.example')).toEqual([]);
  });

  it('refuses a disabled employee', async () => {
    const dan = person('Dan', 'dan@agency.example');
    const first = await signIn(dan);
    expect(first.headers.location).toBe('/admin');
    await ctx.testDb.database.db
      .update(user)
      .set({ disabled: true })
      .where(eq(user.email, dan.email));
    await expectRefused(dan, 'account_disabled');
    expect((await whoAmI(cookieOf(first))).statusCode).toBe(401);
  });

  it('refuses a tampered state before asking the provider for tokens', async () => {
    const flow = await browser.start(ANA);
    const tampered = new URL(flow.callback);
    const state = flow.callback.searchParams.get('state')!;
    // A different first character: replacing it with a fixed one would leave a state that began with it unchanged.
    tampered.searchParams.set('state', `${state.startsWith('x') ? 'y' : 'x'}${state.slice(1)}`);
    const tokensBefore = tokenRequests().length;
    const res = await browser.finish(flow, tampered);
    expect(res.headers.location).toBe('/login?error=state_mismatch');
    expect(sessionCookieSet(res)).toBe(false);
    expect(tokenRequests()).toHaveLength(tokensBefore);
  });

  it("refuses another flow's code (the PKCE verifier does not match) and a code used before", async () => {
    const mine = await browser.start(ANA);
    const theirs = await browser.start(ANA);
    const swapped = new URL(mine.callback);
    swapped.searchParams.set('code', theirs.callback.searchParams.get('code')!);
    const res = await browser.finish(mine, swapped);
    expect(res.headers.location).toBe('/login?error=invalid_code');
    expect(sessionCookieSet(res)).toBe(false);
    const refused = tokenRequests().at(-1)!;
    expect(refused.status).toBe(400);
    expect(s256(refused.params.code_verifier!)).toBe(
      mine.authorize.searchParams.get('code_challenge'),
    );
    expect(s256(refused.params.code_verifier!)).not.toBe(
      theirs.authorize.searchParams.get('code_challenge'),
    );

    // A used code stays used, even in its own flow.
    const replay = await browser.finish(theirs);
    expect(replay.headers.location).toBe('/login?error=invalid_code');
    expect(sessionCookieSet(replay)).toBe(false);
  });

  it('refuses ID tokens made for another client or another sign-in', async () => {
    for (const forged of [
      { aud: 'another-app' },
      { nonce: 'another-sign-in' },
      { iss: 'https://idp.elsewhere.example' },
    ]) {
      idp.idTokenOverrides = forged;
      const res = await signIn(ANA);
      expect(res.headers.location, JSON.stringify(forged)).toBe(
        '/login?error=unable_to_get_user_info',
      );
      expect(sessionCookieSet(res)).toBe(false);
    }
    idp.idTokenOverrides = {};
  });

  it('sends the browser back to /login while the provider is unreachable, and works once it is up', async () => {
    const parked = await startFakeOidc(CLIENT);
    const { port } = new URL(parked.issuer);
    await parked.close();
    const oidc = {
      issuer: parked.issuer,
      clientId: CLIENT.clientId,
      clientSecret: CLIENT.clientSecret,
      allowedDomains: ['agency.example'],
      name: 'Later',
    };
    const late = await buildApp({
      config: { ...testConfig(), oidc },
      database: ctx.testDb.database,
    });
    try {
      const down = await late.inject({
        url: apiPath(loginEndpoint, {}, { sso: 1 }),
        remoteAddress: `${net}.254.1`,
      });
      expect(down.headers.location).toBe('/login?error=sso_unavailable');
      const up = await startFakeOidc(CLIENT, Number(port));
      try {
        const login = await late.inject({
          url: apiPath(loginEndpoint, {}, { sso: 1 }),
          remoteAddress: `${net}.254.2`,
        });
        expect(new URL(String(login.headers.location)).searchParams.get('redirect_uri')).toBe(
          CALLBACK,
        );
      } finally {
        await up.close();
      }
    } finally {
      await late.close();
    }
  });

  it("keeps Better Auth's own callback path and bare-ID-token sign-in closed", async () => {
    expect(
      (await ctx.app.inject({ url: `${AUTH_BASE_PATH}/callback/sso?code=x&state=y` })).statusCode,
    ).toBe(404);
    const fay = person('Fay', 'fay@elsewhere.example');
    for (const [who, address] of [
      [ANA, `${net}.255.1`],
      [fay, `${net}.255.2`],
    ] as const) {
      const token = await genuineIdToken(idp, who);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${AUTH_BASE_PATH}/sign-in/social`,
        payload: { provider: 'sso', idToken: { token } },
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(403);
      expect(sessionCookieSet(res)).toBe(false);
    }
    expect(await usersWith(fay.email)).toEqual([]);
  });
});

// The PKCE assertions above can only fail if the fake really checks; so can the ID token ones.
describe('the fake identity provider', () => {
  let idp: FakeOidc;
  beforeAll(async () => {
    idp = await startFakeOidc(CLIENT);
  });
  afterAll(() => idp.close());
  const verifier = 'the-right-verifier-of-at-least-forty-three-characters';
  const code = async () => (await authorizeAt(idp, s256(verifier), ANA)).searchParams.get('code')!;

  it('refuses a code_verifier that does not match the challenge, an unknown client and a wrong secret', async () => {
    const wrong = await tokenAt(
      idp,
      await code(),
      'a-wrong-verifier-of-at-least-forty-three-characters',
    );
    expect([wrong.status, await wrong.json()]).toMatchObject([400, { error: 'invalid_grant' }]);
    const badSecret = await tokenAt(idp, await code(), verifier, 'wrong-secret');
    expect([badSecret.status, await badSecret.json()]).toMatchObject([
      401,
      { error: 'invalid_client' },
    ]);
    const stranger = await fetch(
      `${idp.issuer}/authorize?client_id=stranger&redirect_uri=${encodeURIComponent(CALLBACK)}`,
      { redirect: 'manual' },
    );
    expect(stranger.status).toBe(400);
  });

  it('answers the right verifier with an ID token its JWKS verifies, and userinfo for the access token', async () => {
    const res = await tokenAt(idp, await code(), verifier);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as {
      access_token: string;
      token_type: string;
      id_token: string;
    };
    expect(tokens.token_type).toBe('Bearer');
    const jwks = createRemoteJWKSet(new URL(`${idp.issuer}/jwks`));
    const { payload } = await jwtVerify(tokens.id_token, jwks, {
      issuer: idp.issuer,
      audience: CLIENT.clientId,
      algorithms: ['RS256'],
    });
    expect(payload).toMatchObject({
      sub: ANA.sub,
      email: ANA.email,
      email_verified: true,
      nonce: 'test-nonce',
    });
    const info = await fetch(`${idp.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await info.json()).toEqual(ANA);
    expect(
      (await fetch(`${idp.issuer}/userinfo`, { headers: { authorization: 'Bearer forged' } }))
        .status,
    ).toBe(401);
  });
});
