import crypto from 'node:crypto';

/** The person the fake "signs in" at its /authorize (set by the test before each flow). */
export interface OidcUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/** The one client registered at the fake, as at a real provider's console. */
export interface OidcClient {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs; empty accepts any. */
  redirectUris: string[];
}

export interface Answer {
  status: number;
  body?: unknown;
  location?: string;
  headers?: Record<string, string>;
}

interface Grant {
  user: OidcUser;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  used: boolean;
}

/** RFC 7636's S256 code challenge of a verifier. */
export const s256 = (verifier: string) =>
  crypto.createHash('sha256').update(verifier).digest('base64url');

/**
 * The authorization server's rules (OpenID Connect Core 3.1, RFC 6749 4.1, RFC 7636, RFC 9207):
 * codes are single-use and bound to their client, redirect URI, PKCE challenge and nonce.
 */
export function createGrants(options: {
  issuer: string;
  client: OidcClient;
  user: () => OidcUser | null;
  signIdToken: (claims: Record<string, unknown>) => Promise<string>;
}) {
  const { issuer, client } = options;
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, OidcUser>();
  const redirect = (uri: string, params: Record<string, string | undefined>): Answer => {
    const url = new URL(uri);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    return { status: 302, location: url.toString() };
  };
  const tokenError = (status: number, error: string, description: string): Answer => ({
    status,
    body: { error, error_description: description },
  });

  function authorize(q: Record<string, string>): Answer {
    // An unknown client or redirect URI gets an error page, never a redirect (Core 3.1.2.6).
    if (q.client_id !== client.clientId) return { status: 400, body: { error: 'invalid_client' } };
    const redirectUri = q.redirect_uri ?? '';
    if (
      !URL.canParse(redirectUri) ||
      (client.redirectUris.length > 0 && !client.redirectUris.includes(redirectUri))
    ) {
      return {
        status: 400,
        body: { error: 'invalid_request', error_description: 'redirect_uri is not registered' },
      };
    }
    const back = (params: Record<string, string>) =>
      redirect(redirectUri, { ...params, state: q.state, iss: issuer });
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    if (!(q.scope ?? '').split(' ').includes('openid')) return back({ error: 'invalid_scope' });
    if (!q.code_challenge || q.code_challenge_method !== 'S256')
      return back({ error: 'invalid_request' });
    const user = options.user();
    if (!user) return back({ error: 'access_denied' });
    const code = crypto.randomBytes(24).toString('base64url');
    grants.set(code, {
      user,
      redirectUri,
      codeChallenge: q.code_challenge,
      nonce: q.nonce,
      used: false,
    });
    return back({ code });
  }

  async function token(
    form: Record<string, string>,
    authorization: string | undefined,
  ): Promise<Answer> {
    const basic = authorization?.startsWith('Basic ')
      ? Buffer.from(authorization.slice(6), 'base64').toString().split(':')
      : null;
    const [id, secret] = basic
      ? basic.map(decodeURIComponent)
      : [form.client_id, form.client_secret];
    if (id !== client.clientId || secret !== client.clientSecret)
      return tokenError(401, 'invalid_client', 'client authentication failed');
    if (form.grant_type !== 'authorization_code')
      return tokenError(400, 'unsupported_grant_type', 'only authorization_code');
    const grant = grants.get(form.code ?? '');
    if (!grant || grant.used) return tokenError(400, 'invalid_grant', 'unknown or used code');
    // Spent by any attempt, right or wrong, so a stolen code cannot be tried again.
    grant.used = true;
    if (form.redirect_uri !== grant.redirectUri)
      return tokenError(400, 'invalid_grant', 'redirect_uri differs from /authorize');
    if (!form.code_verifier || s256(form.code_verifier) !== grant.codeChallenge)
      return tokenError(400, 'invalid_grant', 'PKCE verification failed');
    const accessToken = crypto.randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, grant.user);
    const now = Math.floor(Date.now() / 1000);
    const idToken = await options.signIdToken({
      iss: issuer,
      aud: client.clientId,
      ...grant.user,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      iat: now,
      exp: now + 300,
    });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
        scope: 'openid email profile',
      },
    };
  }

  function userinfo(authorization: string | undefined): Answer {
    const user = authorization?.startsWith('Bearer ')
      ? accessTokens.get(authorization.slice(7))
      : undefined;
    if (!user)
      return {
        status: 401,
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
        body: { error: 'invalid_token' },
      };
    return { status: 200, body: user };
  }

  return { authorize, token, userinfo };
}
