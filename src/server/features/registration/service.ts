import { eq } from 'drizzle-orm';
import type { BusinessRegistration, BusinessRegistrationResult } from '../../../contract/registration.js';
import type { Db } from '../../db/client.js';
import { businessRegistrations, subscriptionPlans } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { enqueueMail, newRegistrationMail, type MailSettings } from '../notifications/index.js';

/** Stores a validated registration as `pending_payment`, linked to the chosen plan. */
export async function registerBusiness(db: Db, mail: MailSettings, input: BusinessRegistration): Promise<BusinessRegistrationResult> {
  const [plan] = await db
    .select({ id: subscriptionPlans.id, name: subscriptionPlans.name, displayName: subscriptionPlans.displayName })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.name, input.subscriptionPlan));
  if (!plan) {
    const message = `There is no plan named "${input.subscriptionPlan}". Choose one of the plans on this page.`;
    throw new HttpError(400, `Please check Subscription Plan: ${message}`, [{ field: 'subscriptionPlan', message }]);
  }
  // The team's notice is written with the registration, so neither exists without the other.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(businessRegistrations)
      .values({
        businessName: input.businessName,
        ownerName: input.ownerName,
        email: input.email,
        phone: input.phone ?? null,
        address: input.address ?? null,
        businessType: input.businessType,
        planId: plan.id,
        website: input.website ?? null,
        description: input.description ?? null,
      })
      .returning({ id: businessRegistrations.id, status: businessRegistrations.status });
    await enqueueMail(tx, [newRegistrationMail(mail, { ...input, id: inserted!.id, phone: input.phone ?? null, planDisplayName: plan.displayName })]);
    return inserted!;
  });
  return { id: row.id, status: row.status, plan: { id: plan.id, name: plan.name } };
}
