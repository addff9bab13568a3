import type { CurrentEmployee } from '../employees/employees.js';
import type { Endpoint } from '../lib/endpoint.js';

// The signed-in employee's own account, as the admin area uses it (apart from sign-in.ts, the
// sign-in page's, so that the two pages share no chunk).

/** A new authenticator secret (as an otpauth:// URI) and its one-time backup codes. */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/** Our own route: the signed-in employee; 401 for anyone else. */
export const getCurrentEmployee: Endpoint<CurrentEmployee> = {
  method: 'GET',
  path: '/api/auth/user',
};

// Better Auth's, reached through the server's bridge under /api/auth/*.
export const signOut: Endpoint<unknown, Record<string, never>> = {
  method: 'POST',
  path: '/api/auth/sign-out',
};
/** The password unlocks a new secret; two-factor sign-in is on once a code from it is confirmed. */
export const enableTwoFactor: Endpoint<TwoFactorSetup, { password: string }> = {
  method: 'POST',
  path: '/api/auth/two-factor/enable',
};
/** Confirms the new secret with a code from the app (the route the sign-in page's second step uses too). */
export const confirmTwoFactor: Endpoint<unknown, { code: string }> = {
  method: 'POST',
  path: '/api/auth/two-factor/verify-totp',
};
export const disableTwoFactor: Endpoint<unknown, { password: string }> = {
  method: 'POST',
  path: '/api/auth/two-factor/disable',
};
