import { and, desc, eq, gt, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  AnotherBusiness,
  BusinessRegistration,
  BusinessRegistrationResult,
} from '../../../contract/registration/registration.js';
import { checkoutPath, DEFAULT_LOCALE, type Locale } from '../../../contract/site/routes.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations,
  outboxMessages,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.js';
import { clientError } from '../../http/errors.js';
import {
  clientCheckoutLinkMail,
  enqueueMail,
  newRegistrationMail,
  type MailSettings,
} from '../notifications/index.js';

/** The e-mail as registrations are matched: trimmed, lower case. */
const sameEmail = (value: AnyColumn | string): SQL => sql`lower(btrim(${value}))`;
/** The business name as registrations are matched: inner whitespace collapsed, trimmed, lower case. */
const sameBusiness = (value: AnyColumn | string): SQL =>
  sql`lower(btrim(regexp_replace(${value}, '[[:space:]]+', ' ', 'g')))`;

/**
 * Checkout-link e-mails to one address per CHECKOUT_LINK_MINUTES, as billing sign-in links
 * (account/service.ts: 3 per 15 minutes): enough for a lost e-mail, too few to flood an inbox.
 */
export const CHECKOUT_LINKS_PER_WINDOW = 3;
export const CHECKOUT_LINK_MINUTES = 15;

/**
 * Stores a validated registration as `pending_payment`, linked to the chosen plan. The same
 * e-mail registering the same business again while that registration is still unpaid resumes it
 * (docs/product.md §10: one pending registration per business and e-mail) and changes nothing it
 * stored: whoever knows a business's name and e-mail could otherwise rewrite its owner, phone,
 * address, plan and language (issue 25 §3, docs/decisions/026). The answer's checkout link names
 * the plan chosen now, in this page's language; paying there is what changes the plan. The
 * client's checkout-link e-mail (the stored details, to the stored address) goes out at most
 * CHECKOUT_LINKS_PER_WINDOW times per CHECKOUT_LINK_MINUTES per address. A paid (active)
 * registration is never reused.
 *
 * `origin` is the public origin the client's checkout link starts with.
 */
export async function registerBusiness(
  db: Db,
  mail: MailSettings,
  input: BusinessRegistration,
  origin: string,
): Promise<BusinessRegistrationResult> {
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.name, input.subscriptionPlan));
  if (!plan) {
    const message = `There is no plan named "${input.subscriptionPlan}". Choose one of the plans on this page.`;
    throw clientError(
      400,
      'validation',
      { fields: 'Subscription Plan', first: message.slice(0, -1), more: 0 },
      [{ field: 'subscriptionPlan', message, code: 'field_choose' }],
    );
  }
  const language = input.language ?? DEFAULT_LOCALE;
  const details = {
    ownerName: input.ownerName,
    phone: input.phone ?? null,
    address: input.address ?? null,
    businessType: input.businessType,
    planId: plan.id,
    website: input.website ?? null,
    description: input.description ?? null,
    // The page's language when registering; registering again keeps it (as every other detail).
    language,
  };
  type Plan = typeof subscriptionPlans.$inferSelect;
  type Recipient = {
    id: string;
    businessName: string;
    ownerName: string;
    email: string;
    language: Locale;
  };
  const checkoutLinkMail = (r: Recipient, p: Plan) =>
    clientCheckoutLinkMail(mail, {
      language: r.language,
      businessName: r.businessName,
      ownerName: r.ownerName,
      email: r.email,
      planDisplayName: p.displayName,
      priceCents: p.priceCents,
      currency: p.currency,
      billingCycle: p.billingCycle,
      checkoutUrl: `${origin}${checkoutPath(p.name, r.id, r.language)}`,
    });
  /** Whether `email` may get one more checkout link now (the billing links' rule: a lock per address, then a count). */
  const mayEmailCheckoutLink = async (tx: Db, email: string) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('checkout-link:' || ${sameEmail(email)}))`,
    );
    const since = new Date(Date.now() - CHECKOUT_LINK_MINUTES * 60_000);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'client_checkout_link'),
          sql`${sameEmail(outboxMessages.to)} = ${sameEmail(email)}`,
          gt(outboxMessages.createdAt, since),
        ),
      );
    return (recent?.n ?? 0) < CHECKOUT_LINKS_PER_WINDOW;
  };
  // The registration and its e-mails are written together, so none exists without the others.
  // Normalising in SQL, for the lock key and the match alike, keeps the two in step.
  return db.transaction(async (tx) => {
    // Concurrent registrations of one e-mail and business queue here (until this transaction
    // ends), so the second finds what the first stored instead of making a duplicate.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${sameEmail(input.email)} || chr(10) || ${sameBusiness(input.businessName)}, 0))`,
    );
    const [pending] = await tx
      .select({
        id: businessRegistrations.id,
        businessName: businessRegistrations.businessName,
        ownerName: businessRegistrations.ownerName,
        email: businessRegistrations.email,
        language: businessRegistrations.language,
        plan: subscriptionPlans,
      })
      .from(businessRegistrations)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, businessRegistrations.planId))
      .where(
        and(
          eq(businessRegistrations.status, 'pending_payment'),
          sql`${sameEmail(businessRegistrations.email)} = ${sameEmail(input.email)}`,
          sql`${sameBusiness(businessRegistrations.businessName)} = ${sameBusiness(input.businessName)}`,
        ),
      )
      .orderBy(desc(businessRegistrations.createdAt))
      .limit(1);

    if (pending) {
      const mails = (await mayEmailCheckoutLink(tx, pending.email))
        ? [checkoutLinkMail(pending, pending.plan)]
        : [];
      await enqueueMail(tx, mails);
      return {
        id: pending.id,
        status: 'pending_payment',
        plan: { id: plan.id, name: plan.name },
        checkoutPath: checkoutPath(plan.name, pending.id, language),
        resumed: true,
      };
    }

    const [inserted] = await tx
      .insert(businessRegistrations)
      .values({ businessName: input.businessName, email: input.email, ...details })
      .returning({ id: businessRegistrations.id });
    const id = inserted!.id;
    const teamMail = newRegistrationMail(mail, {
      ...input,
      id,
      language,
      phone: details.phone,
      planDisplayName: plan.displayName,
    });
    const clientMails = (await mayEmailCheckoutLink(tx, input.email))
      ? [
          checkoutLinkMail(
            {
              id,
              businessName: input.businessName,
              ownerName: input.ownerName,
              email: input.email,
              language,
            },
            plan,
          ),
        ]
      : [];
    await enqueueMail(tx, [teamMail, ...clientMails]);
    return {
      id,
      status: 'pending_payment',
      plan: { id: plan.id, name: plan.name },
      checkoutPath: checkoutPath(plan.name, id, language),
      resumed: false,
    };
  });
}

/**
 * A client signed in to their billing page registers another business (issue 28 §3,
 * docs/decisions/032): the owner's name and e-mail come from the session's registration, the
 * language from the page (else the owner's). A business of this owner that already has a live
 * plan is refused (409), so a double click cannot buy a second plan for it; anything else is an
 * ordinary registration, with its checkout link and the team's e-mail.
 */
export async function registerAnotherBusiness(
  db: Db,
  mail: MailSettings,
  ownerRegistrationId: string,
  input: AnotherBusiness,
  origin: string,
): Promise<BusinessRegistrationResult> {
  const [owner] = await db
    .select({
      ownerName: businessRegistrations.ownerName,
      email: businessRegistrations.email,
      language: businessRegistrations.language,
    })
    .from(businessRegistrations)
    .where(eq(businessRegistrations.id, ownerRegistrationId));
  if (!owner) throw clientError(401, 'billing_signed_out');
  const [live] = await db
    .select({ businessName: businessRegistrations.businessName })
    .from(businessRegistrations)
    .innerJoin(subscriptions, eq(subscriptions.registrationId, businessRegistrations.id))
    .where(
      and(
        inArray(subscriptions.status, ['active', 'past_due']),
        sql`${sameEmail(businessRegistrations.email)} = ${sameEmail(owner.email)}`,
        sql`${sameBusiness(businessRegistrations.businessName)} = ${sameBusiness(input.businessName)}`,
      ),
    )
    .limit(1);
  if (live) throw clientError(409, 'business_has_plan', { business: live.businessName });
  const language = input.language ?? owner.language;
  return registerBusiness(
    db,
    mail,
    { ...input, ownerName: owner.ownerName, email: owner.email, language },
    origin,
  );
}
