import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createGrants, type Answer, type OidcClient, type OidcUser } from './fake-oidc-grants.js';

export { s256, type OidcClient, type OidcUser } from './fake-oidc-grants.js';

export interface OidcRequest {
  method: string;
  path: string;
  /** The query of a GET, the form body of a POST. */
  params: Record<string, string>;
  authorization: string | undefined;
  /** The status the fake answered. */
  status: number;
}

/**
 * A local OpenID Connect provider on 127.0.0.1 speaking the real protocol: discovery, the
 * authorization code flow with PKCE, RS256 ID tokens from its JWKS, userinfo. It records every
 * request, so tests can assert what the relying party asked and in which order.
 */
export async function startFakeOidc(
  client: OidcClient = { clientId: 'agency-app', clientSecret: 'fake-secret', redirectUris: [] },
  port = 0,
) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = crypto.randomBytes(8).toString('hex');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idp = {
    issuer,
    client,
    /** Who signs in at the next /authorize; null answers access_denied. */
    nextUser: null as OidcUser | null,
    /** Claims laid over the next ID tokens (a wrong `aud`, `nonce`, ...), to test the relying party's checks. */
    idTokenOverrides: {} as Record<string, unknown>,
    requests: [] as OidcRequest[],
    paths: () => idp.requests.map((r) => r.path),
    close: () =>
      new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
  const grants = createGrants({
    issuer,
    client,
    user: () => idp.nextUser,
    signIdToken: (claims) =>
      new SignJWT({ ...claims, ...idp.idTokenOverrides })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .sign(privateKey),
  });

  async function route(
    method: string,
    path: string,
    params: Record<string, string>,
    authorization: string | undefined,
  ): Promise<Answer> {
    if (method === 'GET' && path === '/.well-known/openid-configuration')
      return { status: 200, body: discovery(issuer) };
    if (method === 'GET' && path === '/authorize') return grants.authorize(params);
    if (method === 'POST' && path === '/token') return grants.token(params, authorization);
    if (path === '/userinfo') return grants.userinfo(authorization);
    if (method === 'GET' && path === '/jwks') return { status: 200, body: { keys: [jwk] } };
    return { status: 404, body: { error: 'not_found' } };
  }

  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    // A test fake: Node ignores the promise an 'end' listener returns, and a failure shows in the test.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    req.on('end', async () => {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', issuer);
      const params = Object.fromEntries(
        method === 'POST'
          ? new URLSearchParams(Buffer.concat(chunks).toString())
          : url.searchParams,
      );
      const answer = await route(method, url.pathname, params, req.headers.authorization);
      idp.requests.push({
        method,
        path: url.pathname,
        params,
        authorization: req.headers.authorization,
        status: answer.status,
      });
      const type = answer.location
        ? { location: answer.location }
        : { 'content-type': 'application/json' };
      res.writeHead(answer.status, { 'cache-control': 'no-store', ...type, ...answer.headers });
      res.end(answer.location ? undefined : JSON.stringify(answer.body));
    });
  });
  return idp;
}

export type FakeOidc = Awaited<ReturnType<typeof startFakeOidc>>;

function discovery(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    scopes_supported: ['openid', 'email', 'profile'],
    grant_types_supported: ['authorization_code'],
    authorization_response_iss_parameter_supported: true,
  };
}
