import * as z from 'zod/mini';
import { answer } from '../lib/answer.js';
import {
  registerAnotherBusiness,
  submitBusinessRegistration,
  type BusinessRegistrationResult,
  type RegistrationAnswer,
} from './fields.js';

const registrationResult: z.ZodMiniType<BusinessRegistrationResult> = z.strictObject({
  id: z.string(),
  status: z.enum(['pending_payment', 'active']),
  plan: z.strictObject({ id: z.int(), name: z.string() }),
  // '/checkout/growing?registration=…', under the language's prefix ('/es/…') but English's.
  checkoutPath: z.string().check(z.regex(/^(\/[a-z]{2})?\/checkout\/[^/?]+\?registration=/)),
  resumed: z.boolean(),
});

const registrationAnswer: z.ZodMiniType<RegistrationAnswer> = z.union([
  registrationResult,
  z.strictObject({ kind: z.literal('existing-client') }),
]);

export const answers = [
  answer(submitBusinessRegistration, registrationAnswer),
  answer(registerAnotherBusiness, registrationResult),
];
