import type { BetterAuthOptions } from 'better-auth';
import { twoFactor } from 'better-auth/plugins';
import { AUTH_BASE_PATH } from '../../../contract/auth/auth.js';

/**
 * Better Auth's settings that shape the database (read by its CLI to generate the schema) and
 * the rules: e-mail + password, no public sign-up, employees with a role.
 */
export const authSchemaOptions = {
  basePath: AUTH_BASE_PATH,
  emailAndPassword: {
    enabled: true,
    disableSignUp: true,
    minPasswordLength: 12,
    maxPasswordLength: 128,
  },
  user: {
    additionalFields: {
      role: { type: 'string', required: false, defaultValue: 'staff', input: false },
      disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
      // May refund, cancel for a client and change plans (owners always may): docs/decisions/023.
      billing: { type: 'boolean', required: false, defaultValue: false, input: false },
    },
  },
  session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
  // TOTP (authenticator app) as an optional second factor, turned on by each employee in settings.
  plugins: [twoFactor({ totpOptions: { digits: 6, period: 30 } })],
} satisfies BetterAuthOptions;
