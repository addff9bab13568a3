import * as z from 'zod/mini';
import { answer, decimal } from '../lib/answer.js';
import { updatePlan } from './admin.js';
import { listPlans } from './list.js';
import type { SubscriptionPlan } from './plans.js';

export const subscriptionPlan: z.ZodMiniType<SubscriptionPlan> = z.strictObject({
  id: z.int(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  price: decimal(),
  currency: z.string(),
  billingCycle: z.string(),
  features: z.array(z.string()),
  descriptionEs: z.nullable(z.string()),
  featuresEs: z.array(z.string()),
  renewalPrice: z.nullable(decimal()),
  mostPopular: z.boolean(),
});

export const answers = [
  answer(listPlans, z.array(subscriptionPlan)),
  answer(updatePlan, subscriptionPlan),
];
