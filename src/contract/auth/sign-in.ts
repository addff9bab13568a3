import { LOGIN_PATH } from './auth.js';
import type { Endpoint } from '../lib/endpoint.js';

// What the sign-in page calls. The admin area's account endpoints are in account.ts and the
// landing page's in auth.ts, so that each page's bundle carries only its own.

/** `/api/login` as a link: `?sso=1` goes straight to single sign-on. */
export const login: Endpoint<never, undefined, { sso?: 1 }> = { method: 'GET', path: LOGIN_PATH };

/** What the sign-in page offers: the password form, and single sign-on when it is configured. */
export interface SignInOptions {
  password: boolean;
  sso: { name: string } | null;
}

/** Our own route. */
export const getSignInOptions: Endpoint<SignInOptions> = {
  method: 'GET',
  path: '/api/auth/sign-in-options',
};

// Better Auth's, reached through the server's bridge under /api/auth/*.
/** `twoFactorRedirect` when the second step (an authenticator or backup code) is still to come. */
export const signInWithEmail: Endpoint<
  { twoFactorRedirect?: boolean },
  { email: string; password: string }
> = {
  method: 'POST',
  path: '/api/auth/sign-in/email',
};
/** The second step: a code from the authenticator app... */
export const verifyTotp: Endpoint<unknown, { code: string }> = {
  method: 'POST',
  path: '/api/auth/two-factor/verify-totp',
};
/** ...or one of the backup codes. */
export const verifyBackupCode: Endpoint<unknown, { code: string }> = {
  method: 'POST',
  path: '/api/auth/two-factor/verify-backup-code',
};
