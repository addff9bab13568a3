import crypto from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { twoFactor } from '../../db/auth-schema.js';

// Rotating AUTH_SECRET (README › Rotating AUTH_SECRET). Better Auth signs its cookies (session,
// "don't remember me", the second-factor challenge) with one secret only, and encrypts the
// authenticator-app secrets and backup codes with a versioned list (`secrets`). So: the list is
// the current secret and the previous ones; cookies signed with a previous one are re-signed with
// the current one before Better Auth reads them; stored second factors are re-encrypted with the
// current one at start-up, so a previous secret may be dropped once its cookies have expired.

/** A secret's version in Better Auth's envelope (`$ba$<version>$…`): from the secret itself, so no one numbers them. */
export const secretVersion = (secret: string): number =>
  parseInt(crypto.createHash('sha256').update(secret).digest('hex').slice(0, 7), 16);

/** The current secret first, then each previous one once. */
export function versionedSecrets(
  current: string,
  previous: readonly string[],
): { version: number; value: string }[] {
  return [...new Set([current, ...previous])].map((value) => ({
    version: secretVersion(value),
    value,
  }));
}

/** Every secret Better Auth accepts, the current one first. */
export function acceptedSecrets(ctx: { secret: string; secretConfig: unknown }): string[] {
  const config = ctx.secretConfig as string | { keys: Map<number, string> };
  if (typeof config === 'string') return [ctx.secret];
  return [ctx.secret, ...[...config.keys.values()].filter((s) => s !== ctx.secret)];
}

/** Better Auth's (better-call's) cookie signature: HMAC-SHA256, standard base64 (44 characters). */
const signature = (secret: string, value: string) =>
  crypto.createHmac('sha256', secret).update(value).digest('base64');

const same = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The Cookie header with each of our signed cookies that a previous secret signed re-signed with
 * the current one; null when there is none. A cookie no accepted secret signed is left as it
 * came (Better Auth then ignores it: signed out, 401).
 */
export function resignCookies(
  header: string,
  current: string,
  previous: readonly string[],
): string | null {
  let changed = false;
  const parts = header.split(';').map((part) => {
    const at = part.indexOf('=');
    if (at < 0 || !/^\s*(__Secure-)?agency\./.test(part)) return part;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return part;
    }
    const dot = value.lastIndexOf('.');
    const signed = value.slice(0, dot);
    const mac = value.slice(dot + 1);
    if (dot < 1 || mac.length !== 44 || same(mac, signature(current, signed))) return part;
    if (!previous.some((secret) => same(mac, signature(secret, signed)))) return part;
    changed = true;
    return `${part.slice(0, at)}=${encodeURIComponent(`${signed}.${signature(current, signed)}`)}`;
  });
  return changed ? parts.join(';') : null;
}

/** Before every Better Auth endpoint (HTTP and `auth.api` calls alike): cookies of a previous secret still sign in. */
export function previousSecretsPlugin(current: string, previous: readonly string[]) {
  return {
    id: 'agency-previous-secrets',
    hooks: {
      before: [
        {
          matcher: () => previous.length > 0,
          handler: createAuthMiddleware(async (ctx) => {
            const cookie = ctx.headers?.get('cookie');
            const resigned = cookie ? resignCookies(cookie, current, previous) : null;
            if (!resigned) return;
            const headers = new Headers(ctx.headers);
            headers.set('cookie', resigned);
            return { context: { headers } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

type SecretConfig = { keys: Map<number, string>; currentVersion: number; legacySecret?: string };

/**
 * Re-encrypts every stored second factor (authenticator secret, backup codes) not yet under the
 * current secret. Rows from before versioned secrets carry no version: they are tried with each
 * accepted secret. Idempotent, and safe with two instances starting together (a row changed
 * meanwhile is left to the next start). Says how many rows it rewrote, and how many no accepted
 * secret reads (their employees must set up their authenticator app again).
 */
export async function reencryptSecondFactors(
  db: Db,
  ctx: { secret: string; secretConfig: unknown },
): Promise<{ rewritten: number; unreadable: number }> {
  const key = ctx.secretConfig as string | SecretConfig;
  if (typeof key === 'string') return { rewritten: 0, unreadable: 0 };
  const current = `$ba$${key.currentVersion}$`;
  const secrets = acceptedSecrets(ctx);
  const decrypt = async (data: string): Promise<string> => {
    if (data.startsWith('$ba$')) return symmetricDecrypt({ key, data });
    for (const secret of secrets) {
      try {
        return await symmetricDecrypt({ key: secret, data });
      } catch {
        // not this one
      }
    }
    throw new Error('no accepted secret decrypts it');
  };
  const rows = await db.select().from(twoFactor);
  let rewritten = 0;
  let unreadable = 0;
  for (const row of rows) {
    if (row.secret.startsWith(current) && row.backupCodes.startsWith(current)) continue;
    try {
      const [secret, backupCodes] = await Promise.all([
        decrypt(row.secret).then((data) => symmetricEncrypt({ key, data })),
        decrypt(row.backupCodes).then((data) => symmetricEncrypt({ key, data })),
      ]);
      await db
        .update(twoFactor)
        .set({ secret, backupCodes })
        .where(
          and(
            eq(twoFactor.id, row.id),
            eq(twoFactor.secret, row.secret),
            eq(twoFactor.backupCodes, row.backupCodes),
          ),
        );
      rewritten++;
    } catch {
      // Encrypted with a secret no longer listed: nothing here can read it.
      unreadable++;
    }
  }
  return { rewritten, unreadable };
}
