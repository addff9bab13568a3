import * as z from 'zod/mini';
import type { Endpoint } from '../lib/endpoint.js';
import { blankToUndefined } from '../lib/text-fields.js';
import type { SubscriptionPlan } from './plans.js';

// Kept apart from plans.ts: the landing page imports that one, and this schema would add ~8 KB
// of zod to its first load (bench:web).
/** Editing a plan in settings. Prices are dollars ('299.00'); a change applies to new subscribers only. */
export const planUpdateInput = z.object({
  displayName: z
    .string('Name is required')
    .check(
      z.trim(),
      z.minLength(1, 'Name is required'),
      z.maxLength(60, 'Name must be at most 60 characters'),
    ),
  description: z
    .string('Description is required')
    .check(
      z.trim(),
      z.minLength(1, 'Description is required'),
      z.maxLength(500, 'Description must be at most 500 characters'),
    ),
  price: z
    .string('Price is required')
    .check(
      z.trim(),
      z.regex(/^\d{1,6}(\.\d{1,2})?$/, 'Price must be an amount like 299 or 299.00'),
    ),
  billingCycle: z.enum(['month', 'year'], 'Billing cycle must be month or year'),
  features: z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'A feature cannot be empty'),
          z.maxLength(200, 'A feature must be at most 200 characters'),
        ),
    )
    .check(z.minLength(1, 'List at least one feature'), z.maxLength(30, 'At most 30 features')),
  // Spanish texts (docs/decisions/033): blank or absent means 'show the English one'.
  descriptionEs: blankToUndefined('Spanish description', 500),
  featuresEs: z.optional(
    z
      .array(
        z
          .string()
          .check(
            z.trim(),
            z.minLength(1, 'A Spanish feature cannot be empty'),
            z.maxLength(200, 'A Spanish feature must be at most 200 characters'),
          ),
      )
      .check(z.maxLength(30, 'At most 30 Spanish features')),
  ),
  renewalPrice: z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^\d{1,6}(\.\d{1,2})?$/, 'Renewal price must be an amount like 425 or 425.00'),
      ),
  ),
  mostPopular: z.boolean('Most Popular must be true or false'),
});
export type PlanUpdateInput = z.output<typeof planUpdateInput>;
/** What the browser sends for a plan (the Spanish texts may be left out). */
export type PlanUpdatePayload = z.input<typeof planUpdateInput>;

/** Saves one plan (employees only). */
export const updatePlan: Endpoint<SubscriptionPlan, PlanUpdatePayload> = {
  method: 'PUT',
  path: '/api/subscription-plans/:id',
};
