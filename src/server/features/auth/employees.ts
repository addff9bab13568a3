import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { user } from '../../db/auth-schema.js';
import type { Auth } from './auth.js';
import type { EmployeeRole } from '../../../contract/employees/employees.js';
import { passwordProblem } from './passwords.js';

export interface EmployeeInput {
  email: string;
  password: string;
  name?: string;
  role?: EmployeeRole;
}

/**
 * Adds an employee, or sets a new password for an existing one (public sign-up is off, so
 * accounts only come from here: ADMIN_EMAIL at start-up and `npm run admin:create`).
 */
export async function createOrResetEmployee(
  auth: Auth,
  db: Db,
  input: EmployeeInput,
): Promise<'created' | 'password-reset'> {
  const problem = passwordProblem(input.password);
  if (problem) throw new Error(problem);
  const email = input.email.trim().toLowerCase();
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    await ctx.internalAdapter.updatePassword(existing.id, hash);
    await ctx.internalAdapter.deleteUserSessions(existing.id);
    return 'password-reset';
  }
  const created = await ctx.internalAdapter.createUser(
    {
      email,
      name: input.name ?? email.split('@')[0]!,
      emailVerified: true,
      role: input.role ?? 'staff',
    },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: hash,
  });
  return 'created';
}

/** The first employee, from ADMIN_EMAIL/ADMIN_PASSWORD, only while no employee exists; never overwritten. */
export async function ensureFirstEmployee(
  auth: Auth,
  db: Db,
  admin: { email: string | undefined; password: string | undefined },
): Promise<boolean> {
  if (!admin.email || !admin.password) return false;
  if ((await db.$count(user)) > 0) return false;
  try {
    await createOrResetEmployee(auth, db, {
      email: admin.email,
      password: admin.password,
      role: 'owner',
      name: 'Owner',
    });
  } catch (error) {
    // Several instances starting at once: another one created the owner a moment ago.
    if ((await db.$count(user)) > 0) return false;
    throw error;
  }
  return true;
}
