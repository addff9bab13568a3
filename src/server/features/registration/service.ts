import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BusinessRegistration, BusinessRegistrationResult } from '../../../contract/registration.js';
import { checkoutPath, DEFAULT_LOCALE } from '../../../contract/routes.js';
import type { Db } from '../../db/client.js';
import { businessRegistrations, subscriptionPlans } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { clientCheckoutLinkMail, enqueueMail, newRegistrationMail, type MailSettings } from '../notifications/index.js';

/** The e-mail as registrations are matched: trimmed, lower case. */
const sameEmail = (value: AnyColumn | string): SQL => sql`lower(btrim(${value}))`;
/** The business name as registrations are matched: inner whitespace collapsed, trimmed, lower case. */
const sameBusiness = (value: AnyColumn | string): SQL => sql`lower(btrim(regexp_replace(${value}, '[[:space:]]+', ' ', 'g')))`;

/**
 * Stores a validated registration as `pending_payment`, linked to the chosen plan. The same
 * e-mail registering the same business again while that registration is still unpaid resumes it
 * (docs/product.md §10: one pending registration per business and e-mail): its details are
 * updated and no second client is made. A paid (active) registration is never reused.
 *
 * `origin` is the public origin the client's checkout link starts with.
 */
export async function registerBusiness(db: Db, mail: MailSettings, input: BusinessRegistration, origin: string): Promise<BusinessRegistrationResult> {
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, input.subscriptionPlan));
  if (!plan) {
    const message = `There is no plan named "${input.subscriptionPlan}". Choose one of the plans on this page.`;
    throw new HttpError(400, `Please check Subscription Plan: ${message}`, [{ field: 'subscriptionPlan', message }]);
  }
  const details = {
    ownerName: input.ownerName,
    phone: input.phone ?? null,
    address: input.address ?? null,
    businessType: input.businessType,
    planId: plan.id,
    website: input.website ?? null,
    description: input.description ?? null,
    // The page's language when registering; registering again from the other language's page switches it.
    language: input.language ?? DEFAULT_LOCALE,
  };
  // The registration and its e-mails are written together, so none exists without the others.
  // Normalising in SQL, for the lock key and the match alike, keeps the two in step.
  return db.transaction(async (tx) => {
    // Concurrent registrations of one e-mail and business queue here (until this transaction
    // ends), so the second finds what the first stored instead of making a duplicate.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${sameEmail(input.email)} || chr(10) || ${sameBusiness(input.businessName)}, 0))`);
    const [pending] = await tx
      .select({ id: businessRegistrations.id })
      .from(businessRegistrations)
      .where(
        and(
          eq(businessRegistrations.status, 'pending_payment'),
          sql`${sameEmail(businessRegistrations.email)} = ${sameEmail(input.email)}`,
          sql`${sameBusiness(businessRegistrations.businessName)} = ${sameBusiness(input.businessName)}`,
        ),
      )
      .orderBy(desc(businessRegistrations.createdAt))
      .limit(1);

    let id: string;
    if (pending) {
      await tx
        .update(businessRegistrations)
        .set({ ...details, updatedAt: new Date() })
        .where(eq(businessRegistrations.id, pending.id));
      id = pending.id;
    } else {
      const [inserted] = await tx
        .insert(businessRegistrations)
        .values({ businessName: input.businessName, email: input.email, ...details })
        .returning({ id: businessRegistrations.id });
      id = inserted!.id;
    }

    const path = checkoutPath(plan.name, id, details.language);
    const clientMail = clientCheckoutLinkMail(mail, {
      language: details.language,
      businessName: input.businessName,
      ownerName: input.ownerName,
      email: input.email,
      planDisplayName: plan.displayName,
      priceCents: plan.priceCents,
      currency: plan.currency,
      billingCycle: plan.billingCycle,
      checkoutUrl: `${origin}${path}`,
    });
    const teamMail = newRegistrationMail(mail, { ...input, id, phone: details.phone, planDisplayName: plan.displayName });
    await enqueueMail(tx, pending ? [clientMail] : [teamMail, clientMail]);
    return { id, status: 'pending_payment', plan: { id: plan.id, name: plan.name }, checkoutPath: path, resumed: Boolean(pending) };
  });
}
