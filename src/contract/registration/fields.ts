import type { Endpoint } from '../lib/endpoint.js';
import type { BusinessRegistrationInput } from './registration.js';

/** Registration constants and types, without the schema (the landing page bundle stays small). */
export const BUSINESS_TYPES = [
  'Restaurant',
  'Retail Store',
  'Professional Services',
  'Healthcare',
  'Automotive',
  'Beauty & Wellness',
  'Construction',
  'Technology',
  'Other',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** The fields the form must have before anything is sent (docs/product.md §5). */
export const REQUIRED_REGISTRATION_FIELDS = [
  'businessName',
  'ownerName',
  'email',
  'businessType',
  'subscriptionPlan',
] as const;

export const REGISTRATION_LABELS = {
  businessName: 'Business Name',
  ownerName: 'Owner Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  businessType: 'Business Type',
  subscriptionPlan: 'Subscription Plan',
  website: 'Website',
  description: 'Description',
} as const;
export type RegistrationField = keyof typeof REGISTRATION_LABELS;

export type RegistrationStatus = 'pending_payment' | 'active';

export interface BusinessRegistrationResult {
  id: string;
  status: RegistrationStatus;
  plan: { id: number; name: string };
  /**
   * The checkout link of this registration (`/checkout/growing?registration=…`): it works in any
   * tab or device until the registration is paid, and is e-mailed to the registration's address.
   */
  checkoutPath: string;
  /** True when the same e-mail had already registered the same business and not paid yet: that registration was reused. */
  resumed: boolean;
}

/**
 * The e-mail belongs to a client whose subscription still runs (active or past due): nothing was
 * registered, no checkout starts, and a link to their billing page went to that address
 * (docs/decisions/032). A second business is added on purpose, not by registering again.
 */
export interface ExistingClientResult {
  kind: 'existing-client';
}
/** What registering answers: a checkout to go to, or that the address already has a plan. */
export type RegistrationAnswer = BusinessRegistrationResult | ExistingClientResult;
export const isExistingClient = (answer: RegistrationAnswer): answer is ExistingClientResult =>
  'kind' in answer && answer.kind === 'existing-client';

/** The names of the required fields that are blank (after trimming). */
export function missingRequiredFields(
  values: Partial<Record<RegistrationField, string>>,
): RegistrationField[] {
  return REQUIRED_REGISTRATION_FIELDS.filter((f) => !values[f]?.trim());
}

/** The landing page's registration (here, not in registration.ts, so its bundle gets no zod). */
export const submitBusinessRegistration: Endpoint<RegistrationAnswer, BusinessRegistrationInput> = {
  method: 'POST',
  path: '/api/business-registration',
};

/** A signed-in client adds another business from their billing page: a new checkout (docs/decisions/032). */
export const registerAnotherBusiness: Endpoint<
  BusinessRegistrationResult,
  Omit<BusinessRegistrationInput, 'ownerName' | 'email'>
> = { method: 'POST', path: '/api/account/businesses' };
