import type { Employee } from './session.js';
import { SIGN_IN, SIGN_IN_FAILED, type ActivityRecord } from '../activity/index.js';

/** What one exchange with Better Auth's endpoints means for the activity log (null: nothing to log). */
export interface AuthExchange {
  /** The path under /api/auth, e.g. '/sign-in/email'. */
  path: string;
  method: string;
  status: number;
  /** The employee signed in before the request (settings changes, sign-out). */
  before: Employee | null;
  /** The employee signed in by the response (sign-in, second factor, single sign-on). */
  after: Employee | null;
  /** The e-mail typed into the sign-in form (or the one a second-factor challenge belongs to). */
  typedEmail?: string;
  /** Where a redirect answer sends the browser (the single sign-on callback's error). */
  location?: string | null;
  /** A JSON answer, when there is one. */
  body?: Record<string, unknown> | null;
  ipAddress: string;
}

const SECOND_FACTOR = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

export function describeAuthExchange(x: AuthExchange): ActivityRecord | null {
  const ok = x.status < 400;
  const who = (e: Employee | null, fallback?: string) => ({
    employeeId: e?.id ?? null,
    actorEmail: e?.email ?? fallback ?? null,
    ipAddress: x.ipAddress,
  });

  if (x.path === '/sign-in/email') {
    if (!ok)
      return {
        ...who(null, x.typedEmail),
        action: SIGN_IN_FAILED,
        detail: { method: 'password', status: x.status },
      };
    if (x.body?.twoFactorRedirect)
      return {
        ...who(null, x.typedEmail),
        action: 'sign-in.second-factor-asked',
        detail: { method: 'password' },
      };
    return { ...who(x.after, x.typedEmail), action: SIGN_IN, detail: { method: 'password' } };
  }
  if (SECOND_FACTOR.has(x.path) && !x.before) {
    return ok
      ? { ...who(x.after), action: SIGN_IN, detail: { method: 'password + authenticator' } }
      : {
          ...who(null, x.typedEmail),
          action: SIGN_IN_FAILED,
          detail: { method: 'authenticator', status: x.status },
        };
  }
  if (x.path.startsWith('/oauth2/callback/')) {
    if (x.after) return { ...who(x.after), action: SIGN_IN, detail: { method: 'sso' } };
    const error = x.location ? new URL(x.location, 'http://local').searchParams.get('error') : null;
    return {
      ...who(null),
      action: SIGN_IN_FAILED,
      detail: { method: 'sso', error: error ?? `status ${x.status}` },
    };
  }
  if (x.path === '/sign-out' && x.before) return { ...who(x.before), action: 'sign-out' };
  // Anything else a signed-in employee changes here (two-factor on/off, password, sessions).
  if (x.method === 'POST' && ok && x.before) {
    const action =
      x.path === '/two-factor/enable'
        ? 'two-factor.setup'
        : SECOND_FACTOR.has(x.path)
          ? 'two-factor.enabled'
          : x.path === '/two-factor/disable'
            ? 'two-factor.disabled'
            : 'update';
    return { ...who(x.before), action, subject: `auth${x.path}` };
  }
  return null;
}
