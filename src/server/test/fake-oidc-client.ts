import type { FastifyInstance } from 'fastify';
import { cookieOf } from './employees.js';
import { s256, type OidcUser } from './fake-oidc-grants.js';
import type { FakeOidc } from './fake-oidc.js';

/**
 * The test itself as a relying party of the fake (its registered client, first redirect URI):
 * to check the fake's own rules, and to obtain what an outsider could obtain for themself.
 */
export async function authorizeAt(idp: FakeOidc, challenge: string, who: OidcUser): Promise<URL> {
  idp.nextUser = who;
  const q = new URLSearchParams({
    client_id: idp.client.clientId,
    redirect_uri: idp.client.redirectUris[0]!,
    response_type: 'code',
    scope: 'openid email',
    state: 'test-state',
    nonce: 'test-nonce',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const res = await fetch(`${idp.issuer}/authorize?${q}`, { redirect: 'manual' });
  return new URL(res.headers.get('location')!);
}

export function tokenAt(
  idp: FakeOidc,
  code: string,
  verifier: string,
  secret = idp.client.clientSecret,
): Promise<Response> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: idp.client.redirectUris[0]!,
    client_id: idp.client.clientId,
    client_secret: secret,
  });
  return fetch(`${idp.issuer}/token`, { method: 'POST', body });
}

/** An ID token the provider really signed for this client, as anyone who can sign in there can get one. */
export async function genuineIdToken(idp: FakeOidc, who: OidcUser): Promise<string> {
  const verifier = 'a-verifier-for-an-id-token-of-forty-three-characters';
  const code = (await authorizeAt(idp, s256(verifier), who)).searchParams.get('code')!;
  return ((await (await tokenAt(idp, code, verifier)).json()) as { id_token: string }).id_token;
}

/** One sign-in under way: where it was sent, the state cookies it carries, the provider's way back. */
export interface SsoFlow {
  remoteAddress: string;
  authorize: URL;
  cookie: string;
  callback: URL;
}

/**
 * A browser signing in through the app and the fake, carrying cookies by hand. Each flow comes
 * from its own address under `net` (Better Auth allows 3 sign-in starts per 10 s per address).
 */
export function ssoBrowser(app: FastifyInstance, idp: FakeOidc, net: string) {
  let flows = 0;
  /** Out through our /api/login to the provider's /authorize, which sends the browser back with a code. */
  async function start(who: OidcUser): Promise<SsoFlow> {
    idp.nextUser = who;
    flows += 1;
    const remoteAddress = `${net}.${Math.floor(flows / 250)}.${(flows % 250) + 1}`;
    const login = await app.inject({ url: '/api/login?sso=1', remoteAddress });
    if (login.statusCode !== 302) throw new Error(`/api/login answered ${login.statusCode}`);
    const authorize = new URL(String(login.headers.location));
    const atIdp = await fetch(authorize, { redirect: 'manual' });
    if (atIdp.status !== 302)
      throw new Error(`/authorize answered ${atIdp.status}: ${await atIdp.text()}`);
    return {
      remoteAddress,
      authorize,
      cookie: cookieOf(login),
      callback: new URL(atIdp.headers.get('location')!),
    };
  }
  const finish = (flow: SsoFlow, callback = flow.callback) =>
    app.inject({
      url: callback.pathname + callback.search,
      headers: { cookie: flow.cookie },
      remoteAddress: flow.remoteAddress,
    });
  return { start, finish, signIn: async (who: OidcUser) => finish(await start(who)) };
}

export const sessionCookieSet = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie']].flat().some((c) => /^agency\.session_token=[^;]/.test(String(c)));
