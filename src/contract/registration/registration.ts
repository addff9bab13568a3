import * as z from 'zod/mini';
import { BUSINESS_TYPES } from './fields.js';
import { LOCALES } from '../site/routes.js';
import { isHttpUrl, withWebScheme } from '../lib/web-address.js';
import { blankToUndefined as optional, requiredText as required } from '../lib/text-fields.js';

export * from './fields.js';

export const businessRegistrationInput = z.object({
  businessName: required('Business Name', 120),
  ownerName: required('Owner Name', 120),
  email: z
    .string('Email is required')
    .check(
      z.trim(),
      z.minLength(1, 'Email is required'),
      z.maxLength(254, 'Email must be at most 254 characters'),
      z.email('Enter a valid email address, like name@example.com'),
    ),
  phone: optional('Phone', 40),
  address: optional('Address', 300),
  businessType: z.enum(
    BUSINESS_TYPES,
    `Business Type must be one of: ${BUSINESS_TYPES.join(', ')}`,
  ),
  subscriptionPlan: required('Subscription Plan', 60),
  // 'alamoplumbing.com' is a website: stored as 'https://alamoplumbing.com'.
  website: z
    .pipe(
      optional('Website', 2048),
      z.transform((v) => (v === undefined ? v : withWebScheme(v))),
    )
    .check(
      z.refine(
        (v) => v === undefined || isHttpUrl(v),
        'Website must be a web address starting with http:// or https://',
      ),
    ),
  description: optional('Description', 2000),
  /** The language of the page the client registered on: their e-mails follow it (default English). */
  language: z.optional(z.enum(LOCALES, `Language must be one of: ${LOCALES.join(', ')}`)),
});
export type BusinessRegistrationInput = z.input<typeof businessRegistrationInput>;

/**
 * Another business of a client signed in to their billing page (issue 28 §3): the owner's name
 * and e-mail are the session's, never the form's.
 */
export const anotherBusinessInput = z.omit(businessRegistrationInput, {
  ownerName: true,
  email: true,
});
export type AnotherBusiness = z.output<typeof anotherBusinessInput>;
export type BusinessRegistration = z.output<typeof businessRegistrationInput>;
