import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { BILLING_LINK_TOKEN_PARAM } from '../../../contract/billing/billing.js';
import { localizedPath, WEB_PATHS } from '../../../contract/site/routes.js';
import type { Db } from '../../db/client.js';
import {
  billingSessions,
  billingSignInTokens,
  businessRegistrations,
  subscriptions,
} from '../../db/schema.js';
import { clientError } from '../../http/errors.js';
import { hashSecretToken as hash, newSecretToken as newToken } from '../../lib/secret-tokens.js';
import { enqueueMail, type MailSettings } from '../notifications/index.js';
import { billingLinkMail } from './mail.js';

export const LINK_MINUTES = 15;
/** Links e-mailed to one address per LINK_MINUTES: enough for a lost e-mail, too few to flood an inbox. */
export const LINKS_PER_WINDOW = 3;
export const SESSION_DAYS = 7;

export function createAccountService(deps: { db: Db; mail: MailSettings }) {
  const { db, mail } = deps;

  /**
   * The newest registration of this address (any case) that has a subscription; null for anyone
   * else. `live`: only a subscription that still runs (active, cancelling at its period's end, or
   * past due), not a cancelled one.
   */
  async function registrationOf(email: string, live = false) {
    const [row] = await db
      .select({
        id: businessRegistrations.id,
        email: businessRegistrations.email,
        ownerName: businessRegistrations.ownerName,
        businessName: businessRegistrations.businessName,
        language: businessRegistrations.language,
      })
      .from(businessRegistrations)
      .innerJoin(
        subscriptions,
        and(
          eq(subscriptions.registrationId, businessRegistrations.id),
          live
            ? inArray(subscriptions.status, ['active', 'past_due'])
            : ne(subscriptions.status, 'incomplete'),
        ),
      )
      .where(eq(sql`lower(${businessRegistrations.email})`, email.toLowerCase()))
      .orderBy(desc(businessRegistrations.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** E-mails a sign-in link to a client's address, at most LINKS_PER_WINDOW per LINK_MINUTES. */
  async function sendLink(
    registration: NonNullable<Awaited<ReturnType<typeof registrationOf>>>,
    email: string,
    origin: string,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      // One link request per address at a time, so parallel requests cannot pass the count together.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`billing-link:${email.toLowerCase()}`}))`,
      );
      const since = new Date(Date.now() - LINK_MINUTES * 60_000);
      const recent = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(billingSignInTokens)
        .innerJoin(
          businessRegistrations,
          eq(businessRegistrations.id, billingSignInTokens.registrationId),
        )
        .where(
          and(
            eq(sql`lower(${businessRegistrations.email})`, email.toLowerCase()),
            gt(billingSignInTokens.createdAt, since),
          ),
        );
      if ((recent[0]?.n ?? 0) >= LINKS_PER_WINDOW) return false;
      const token = newToken();
      await tx.insert(billingSignInTokens).values({
        tokenHash: hash(token),
        registrationId: registration.id,
        expiresAt: new Date(Date.now() + LINK_MINUTES * 60_000),
      });
      // To the billing page in the client's language, whichever page asked for the link.
      const url = `${origin}${localizedPath(registration.language, WEB_PATHS.account)}?${BILLING_LINK_TOKEN_PARAM}=${token}`;
      await enqueueMail(tx, [
        billingLinkMail(mail, { ...registration, url, minutes: LINK_MINUTES }),
      ]);
      return true;
    });
  }

  return {
    /**
     * The work of a link request, in two parts so that the answer cannot tell who is a client
     * (issue 25 §3): the lookup, the same query for every address, is awaited; what only a client's
     * address does (the per-address count, the token, the e-mail: two writes and a commit, ~8 ms on
     * PostgreSQL) is handed back as `send`, for the route to run after it has answered.
     * `send` resolves true when a link went out, false past the limit.
     */
    async prepareLink(
      email: string,
      origin: string,
    ): Promise<{ send: (() => Promise<boolean>) | null }> {
      const registration = await registrationOf(email);
      if (!registration) return { send: null };
      return { send: () => sendLink(registration, email, origin) };
    },

    /**
     * Registering again with a paying client's address (issue 28 §3, docs/decisions/032): when
     * `email` has a live subscription, e-mails it a billing-page link now (the same link, limit
     * and e-mail as the sign-in form) and resolves true, or false past the limit; null when the
     * address has no live subscription.
     */
    async linkForLiveClient(email: string, origin: string): Promise<boolean | null> {
      const registration = await registrationOf(email, true);
      return registration ? sendLink(registration, email, origin) : null;
    },

    /** Spends a link (once: the update that marks it used is the check) and opens a session; answers the session's token. */
    async redeem(token: string): Promise<{ sessionToken: string; registrationId: string }> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [used] = await tx
          .update(billingSignInTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(billingSignInTokens.tokenHash, hash(token)),
              isNull(billingSignInTokens.usedAt),
              gt(billingSignInTokens.expiresAt, now),
            ),
          )
          .returning({ registrationId: billingSignInTokens.registrationId });
        if (!used) throw clientError(400, 'billing_link_invalid');
        const sessionToken = newToken();
        await tx.insert(billingSessions).values({
          tokenHash: hash(sessionToken),
          registrationId: used.registrationId,
          expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
        });
        return { sessionToken, registrationId: used.registrationId };
      });
    },

    /** The registration a session cookie belongs to; null when unknown or expired. */
    async registrationOfSession(sessionToken: string): Promise<string | null> {
      const [row] = await db
        .select({ registrationId: billingSessions.registrationId })
        .from(billingSessions)
        .where(
          and(
            eq(billingSessions.tokenHash, hash(sessionToken)),
            gt(billingSessions.expiresAt, new Date()),
          ),
        );
      return row?.registrationId ?? null;
    },

    async signOut(sessionToken: string): Promise<void> {
      await db.delete(billingSessions).where(eq(billingSessions.tokenHash, hash(sessionToken)));
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
