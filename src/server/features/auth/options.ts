import type { BetterAuthOptions } from 'better-auth';

export const EMPLOYEE_ROLES = ['owner', 'staff'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

/**
 * Better Auth's settings that shape the database (read by its CLI to generate the schema) and
 * the rules: e-mail + password, no public sign-up, employees with a role.
 */
export const authSchemaOptions = {
  basePath: '/api/auth',
  emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 12, maxPasswordLength: 128 },
  user: {
    additionalFields: {
      role: { type: 'string', required: false, defaultValue: 'staff', input: false },
      disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
    },
  },
  session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
} satisfies BetterAuthOptions;
