import type { Endpoint } from '../lib/endpoint.js';

// What the landing page needs of employee sign-in; the sign-in page's and the admin area's
// endpoints are in sign-in.ts, so that the landing page's bundle does not carry them.

/**
 * Where the browser goes to sign in: a navigation, never fetched. The server sends it on to the
 * sign-in page, or with `?sso=1` straight to the identity provider.
 */
export const LOGIN_PATH = '/api/login';

/** Where Better Auth's own endpoints live: the server bridges every path under it. */
export const AUTH_BASE_PATH = '/api/auth';

/** Better Auth's session read: `null` for a visitor (not an error). */
export interface AuthSession {
  user: { id: string };
}

/** Better Auth's, reached through the server's bridge under /api/auth/*. */
export const getSession: Endpoint<AuthSession | null> = {
  method: 'GET',
  path: '/api/auth/get-session',
};
