import { and, eq } from 'drizzle-orm';
import {
  hasBilling,
  type CurrentEmployee,
  type EmployeeSummary,
  type EmployeeUpdateInput,
  type NewEmployeeInput,
} from '../../../contract/employees/employees.js';
import type { Db } from '../../db/client.js';
import { account, user } from '../../db/auth-schema.js';
import { HttpError } from '../../http/errors.js';
import { createOrResetEmployee, passwordProblem, type Auth } from '../auth/index.js';

/** Employees as owners manage them in settings. */
export function createEmployeeService(auth: Auth, db: Db) {
  async function find(id: string) {
    const [row] = await db.select().from(user).where(eq(user.id, id));
    if (!row) throw new HttpError(404, 'This employee does not exist (any more).');
    return row;
  }

  /**
   * Runs a change that takes an active owner away (demote, disable, remove) so that at least one
   * active owner stays, also when two owners do it to each other at once: the active owners'
   * rows are locked first (in id order, so two such changes never deadlock) and counted again
   * after any concurrent change committed; the second of two crossing requests then sees the
   * first's result (docs/decisions/008-money-that-stays-right.md).
   */
  async function withAnOwnerLeft(
    actor: CurrentEmployee,
    targetId: string,
    change: (tx: Db) => Promise<void>,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const owners = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.role, 'owner'), eq(user.disabled, false)))
        .orderBy(user.id)
        .for('update');
      const ids = owners.map((o) => o.id);
      if (ids.includes(targetId) && ids.length < 2)
        throw new HttpError(422, 'At least one active owner must remain.');
      if (!ids.includes(actor.id))
        throw new HttpError(
          403,
          'Only an active owner can do this; your account was changed meanwhile.',
        );
      await change(tx);
    });
  }

  return {
    async list(): Promise<EmployeeSummary[]> {
      const [users, accounts] = await Promise.all([
        db.select().from(user).orderBy(user.createdAt),
        db.select({ userId: account.userId, providerId: account.providerId }).from(account),
      ]);
      return users.map((u) => ({
        id: u.id,
        email: u.email,
        name: u.name,
        role: u.role === 'owner' ? 'owner' : 'staff',
        disabled: Boolean(u.disabled),
        billing: hasBilling(u),
        twoFactorEnabled: Boolean(u.twoFactorEnabled),
        signInMethods: [
          ...new Set(
            accounts
              .filter((a) => a.userId === u.id)
              .map((a) => (a.providerId === 'credential' ? 'password' : 'sso')),
          ),
        ],
        createdAt: u.createdAt.toISOString(),
      }));
    },

    async add(input: NewEmployeeInput): Promise<{ id: string }> {
      const problem = passwordProblem(input.password);
      if (problem) throw new HttpError(400, problem, [{ field: 'password', message: problem }]);
      const [existing] = await db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, input.email));
      if (existing)
        throw new HttpError(409, 'An employee with this email already exists.', [
          { field: 'email', message: 'An employee with this email already exists.' },
        ]);
      await createOrResetEmployee(auth, db, input);
      const [created] = await db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, input.email));
      return { id: created!.id };
    },

    async update(actor: CurrentEmployee, id: string, patch: EmployeeUpdateInput): Promise<void> {
      const target = await find(id);
      const demotes = patch.role === 'staff' && target.role === 'owner';
      if (id === actor.id && (patch.disabled || demotes))
        throw new HttpError(
          422,
          'You cannot disable or demote your own account. Ask another owner.',
        );
      const apply = async (conn: Db) => {
        await conn
          .update(user)
          .set({
            ...(patch.role ? { role: patch.role } : {}),
            ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
            ...(patch.billing !== undefined ? { billing: patch.billing } : {}),
            updatedAt: new Date(),
          })
          .where(eq(user.id, id));
      };
      // Decided under the lock, not on the row read above: it may have changed since.
      if (patch.disabled || patch.role === 'staff') await withAnOwnerLeft(actor, id, apply);
      else await apply(db);
      // A disabled employee is signed out everywhere at once, not when the session expires.
      if (patch.disabled) await (await auth.$context).internalAdapter.deleteUserSessions(id);
    },

    async remove(actor: CurrentEmployee, id: string): Promise<{ email: string }> {
      const target = await find(id);
      if (id === actor.id)
        throw new HttpError(422, 'You cannot remove your own account. Ask another owner.');
      // Sessions, accounts and two-factor secrets go with the user (foreign keys cascade).
      const apply = async (conn: Db) => {
        await conn.delete(user).where(eq(user.id, id));
      };
      await withAnOwnerLeft(actor, id, apply);
      return { email: target.email };
    },
  };
}
export type EmployeeService = ReturnType<typeof createEmployeeService>;
