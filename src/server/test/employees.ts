import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EmployeeRole } from '../../contract/employees/employees.js';
import type { Db } from '../db/client.js';
import { createOrResetEmployee } from '../features/auth/employees.js';

/** The cookie header of a response's Set-Cookie lines, to send back on the next request. */
export function cookieOf(res: { headers: Record<string, unknown> }): string {
  return ([res.headers['set-cookie']].flat().filter(Boolean) as string[])
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A new employee of the given role, signed in: answers its e-mail, password and session cookie.
 * Each call signs in from its own address, so Better Auth's per-address limit is never reached.
 */
export async function signedInEmployee(
  app: FastifyInstance,
  db: Db,
  role: EmployeeRole = 'staff',
  name = 'Test Employee',
) {
  const email = `${role}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'a long test passphrase';
  await createOrResetEmployee(app.auth, db, { email, password, role, name });
  const remoteAddress = `10.9.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress,
    // With PUBLIC_URL set (Better Auth's base URL), employees sign in on that address only.
    ...(app.auth.options.baseURL
      ? { headers: { host: new URL(app.auth.options.baseURL).host } }
      : {}),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { email, password, cookie: cookieOf(res) };
}
