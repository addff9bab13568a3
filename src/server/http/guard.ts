import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Auth } from '../features/auth/auth.js';
import { HttpError } from './errors.js';

export interface Employee {
  id: string;
  email: string;
  name: string;
  role: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    employee?: Employee;
  }
}

export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
  }
  return headers;
}

/** The signed-in employee of this request, or null (no cookie, forged, expired, revoked or disabled). */
export async function currentEmployee(auth: Auth, request: FastifyRequest): Promise<Employee | null> {
  const session = await auth.api.getSession({ headers: webHeaders(request) });
  if (!session || session.user.disabled) return null;
  const { id, email, name, role } = session.user;
  return { id, email, name, role: role ?? 'staff' };
}

/**
 * The one guard of the admin API: routes registered through it answer 401 to anyone who is not
 * a signed-in employee, whatever the browser shows.
 */
export async function registerEmployeeOnly<O extends object>(app: FastifyInstance, auth: Auth, plugin: FastifyPluginAsync<O>, options: O): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const employee = await currentEmployee(auth, request);
      if (!employee) throw new HttpError(401, 'You are not signed in. Please sign in as an employee.');
      request.employee = employee;
    });
    await scope.register(plugin, options);
  });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Unsafe methods on /api from another site are refused (a second line behind SameSite=Lax
 * cookies). Requests without Origin or Sec-Fetch-Site (servers, webhooks, curl) pass.
 */
export function registerSameOriginWrites(app: FastifyInstance, publicOrigin: string | undefined): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return done();
    const origin = request.headers.origin;
    const sameOrigin = origin === undefined || origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
    if (request.headers['sec-fetch-site'] === 'cross-site' || !sameOrigin) {
      return done(new HttpError(403, 'This request came from another site and was refused.'));
    }
    done();
  });
}
