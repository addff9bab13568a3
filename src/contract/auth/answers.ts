import * as z from 'zod/mini';
import { EMPLOYEE_ROLES, type CurrentEmployee } from '../employees/employees.js';
import { answer } from '../lib/answer.js';
import { getCurrentEmployee } from './employee-account.js';
import { getSignInOptions, login, type SignInOptions } from './sign-in.js';

// Our own routes only: Better Auth's endpoints answer through the bridge, in its own shapes.

const currentEmployee: z.ZodMiniType<CurrentEmployee> = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(EMPLOYEE_ROLES),
  billing: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
const signInOptions: z.ZodMiniType<SignInOptions> = z.strictObject({
  password: z.boolean(),
  sso: z.nullable(z.strictObject({ name: z.string() })),
});

export const answers = [
  answer(getCurrentEmployee, currentEmployee),
  answer(getSignInOptions, signInOptions),
  answer(login, null),
];
