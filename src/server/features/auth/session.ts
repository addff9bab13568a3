import type { FastifyRequest } from 'fastify';
import { hasBilling, type CurrentEmployee } from '../../../contract/employees/employees.js';
import type { Auth } from './auth.js';

/** The signed-in employee, as `GET /api/auth/user` answers it. */
export type Employee = CurrentEmployee;

/** A Fastify request's headers as Fetch `Headers`, which Better Auth reads. */
export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
  }
  return headers;
}

/** The employee whose session cookie these headers carry, or null (none, forged, expired, revoked or disabled). */
export async function employeeFromHeaders(auth: Auth, headers: Headers): Promise<Employee | null> {
  const session = await auth.api.getSession({ headers });
  if (!session || session.user.disabled) return null;
  const { id, email, name, role, billing, twoFactorEnabled } = session.user;
  return {
    id,
    email,
    name,
    role: role === 'owner' ? 'owner' : 'staff',
    billing: hasBilling({ role, billing }),
    twoFactorEnabled: Boolean(twoFactorEnabled),
  };
}

/** The signed-in employee of this request, or null. */
export const currentEmployee = (auth: Auth, request: FastifyRequest): Promise<Employee | null> =>
  employeeFromHeaders(auth, webHeaders(request));
