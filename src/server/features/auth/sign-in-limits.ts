import { AUTH_BASE_PATH } from '../../../contract/auth/auth.js';
import crypto from 'node:crypto';
import type { CounterStore } from '../../adapters/shared-state/types.js';

/** This many sign-in attempts within the window that do not end in a session lock the bucket for the rest of it. */
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_LIMIT_MESSAGE =
  'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.';

/** The browser's proof that it signed in to an account before (docs/decisions/009-sign-in-lockout-device-cookies.md). */
export const DEVICE_COOKIE = 'agency.device';
const DEVICE_COOKIE_DAYS = 180;

/** Where one sign-in attempt was counted: the known browser's own bucket, or the account's shared one. */
export interface SignInAttempt {
  key: string;
  byDevice: boolean;
}

const hash = (text: string) =>
  crypto.createHash('sha256').update(text).digest('base64url').slice(0, 32);

/**
 * The per-account brute-force limit, counted before the password is checked (an atomic hit on
 * the shared counters, so 40 parallel guesses are 40 counts on every instance). A browser with
 * a valid device cookie for the account counts in its own bucket: a stranger who exhausts the
 * account's bucket does not lock out the employee's own browser (OWASP's device cookies).
 */
export function createSignInLimits(options: {
  counters: CounterStore;
  /** The auth secrets, the current one first: it signs, and a previous one still verifies (a rotation). */
  secrets: () => Promise<string[]>;
  secureCookies: boolean;
}) {
  const { counters } = options;
  let macKeys: Promise<Buffer[]> | undefined;
  /** The device cookie's MAC under each accepted secret, the current one first. */
  const macs = async (payload: string) => {
    macKeys ??= options
      .secrets()
      .then((secrets) =>
        secrets.map((s) => crypto.createHmac('sha256', s).update('device-cookie-v1').digest()),
      );
    return (await macKeys).map((key) =>
      crypto.createHmac('sha256', key).update(payload).digest('base64url'),
    );
  };
  const sign = async (payload: string) => (await macs(payload))[0]!;

  /** The device id of a cookie this app issued for this account and that has not expired, else null. */
  async function deviceOf(email: string, cookieHeader: string | undefined): Promise<string | null> {
    const raw = new RegExp(
      `(?:^|;\\s*)${DEVICE_COOKIE.replace('.', '\\.')}=([A-Za-z0-9_-]{22})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})(?:;|$)`,
    ).exec(cookieHeader ?? '');
    if (!raw) return null;
    const [, device, expires, mac] = raw as unknown as [string, string, string, string];
    if (Number(expires) * 1000 < Date.now()) return null;
    const accepted = await macs(`${hash(email)}.${device}.${expires}`);
    return accepted.some((expected) =>
      crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected)),
    )
      ? device
      : null;
  }

  return {
    /** Counts an attempt for `email`; null when its bucket is already used up (answer 429 without trying). */
    async begin(email: string, cookieHeader: string | undefined): Promise<SignInAttempt | null> {
      const device = await deviceOf(email, cookieHeader);
      const attempt = device
        ? { key: `sign-in:device:${device}`, byDevice: true }
        : { key: `sign-in:account:${hash(email)}`, byDevice: false };
      const { count } = await counters.hit(attempt.key, ACCOUNT_FAILURE_WINDOW_MS);
      return count <= ACCOUNT_FAILURE_LIMIT ? attempt : null;
    },

    /** A sign-in that ended in a session: its bucket starts again, and the browser gets a fresh device cookie. */
    async succeeded(attempt: SignInAttempt, email: string): Promise<string> {
      await counters.reset(attempt.key);
      const device = crypto.randomBytes(16).toString('base64url');
      const expires = Math.floor(Date.now() / 1000) + DEVICE_COOKIE_DAYS * 86_400;
      const value = `${device}.${expires}.${await sign(`${hash(email)}.${device}.${expires}`)}`;
      const secure = options.secureCookies ? '; Secure' : '';
      return `${DEVICE_COOKIE}=${value}; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}; Path=${AUTH_BASE_PATH}; HttpOnly; SameSite=Strict${secure}`;
    },
  };
}
export type SignInLimits = ReturnType<typeof createSignInLimits>;

export const CODE_REUSED_MESSAGE =
  'That code was already used. Wait for the next code in your authenticator app and try again.';
/** Better Auth accepts a TOTP code for three 30-second steps (one either side); a claim outlives that. */
const TOTP_CLAIM_MS = 120_000;

/**
 * Claims a TOTP code of one user before it is checked, on the shared counters (so across
 * instances): the first claim wins; a code that turns out wrong is released again. Answers null
 * when the code was already used.
 */
export async function claimTotpCode(
  counters: CounterStore,
  userId: string,
  code: string,
): Promise<{ release(): Promise<void> } | null> {
  const key = `totp:${userId}:${code.trim().slice(0, 32)}`;
  const { count } = await counters.hit(key, TOTP_CLAIM_MS);
  return count === 1 ? { release: () => counters.reset(key) } : null;
}
