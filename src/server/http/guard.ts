import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  BILLING_PERMISSION_MESSAGE,
  type CurrentEmployee,
  type EmployeePermission,
} from '../../contract/employees/employees.js';
import { clientError, HttpError } from './errors.js';

/** What an employee route did, for the activity log; set by the route when the default does not fit. */
export interface ActivityNote {
  action: string;
  subject?: string;
  detail?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a route needs beyond a signed-in employee: `{ config: { permission: 'billing' } }` (the guard checks it). */
    permission?: EmployeePermission;
  }
  interface FastifyRequest {
    employee?: CurrentEmployee;
    /**
     * Set by a route to log a read that counts as a write (an export) or to name what it did;
     * null when a write changed nothing (saving a lead that was already saved).
     */
    activity?: ActivityNote | null;
  }
}

/** One line of the activity log, as the guard writes it after a successful write. */
export interface GuardActivityEntry {
  employeeId: string;
  actorEmail: string;
  action: string;
  subject: string;
  detail: Record<string, unknown> | null;
  ipAddress: string;
}

/**
 * What the guard needs from the rest of the app, handed in by app.ts: who is signed in on a
 * request (the sign-in feature answers; null for a visitor) and where writes are logged (the
 * activity log). The guard itself knows no feature.
 */
export interface EmployeeGuard {
  lookupEmployee(request: FastifyRequest): Promise<CurrentEmployee | null>;
  activity: { record(entry: GuardActivityEntry): Promise<void> };
}

const DEFAULT_ACTIONS: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/** For routes only owners may use (managing employees); call after the guard has run. */
export function requireOwner(request: FastifyRequest): CurrentEmployee {
  const employee = request.employee;
  if (!employee) throw new HttpError(401, 'You are not signed in. Please sign in as an employee.');
  if (employee.role !== 'owner') throw new HttpError(403, 'Only an owner can do this.');
  return employee;
}

/**
 * The one guard of the admin API: routes registered through it answer 401 to anyone who is not
 * a signed-in employee, whatever the browser shows. Every successful write through it (and every
 * route that sets `request.activity`, such as an export) is written to the activity log, so no
 * route can forget to.
 */
export async function registerEmployeeOnly<O extends object>(
  app: FastifyInstance,
  deps: EmployeeGuard,
  plugin: FastifyPluginAsync<O>,
  options: O,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const employee = await deps.lookupEmployee(request);
      if (!employee)
        throw new HttpError(401, 'You are not signed in. Please sign in as an employee.');
      request.employee = employee;
      // Money (refunds, cancelling for a client, plans and prices) needs the billing permission.
      if (request.routeOptions.config.permission === 'billing' && !employee.billing)
        throw new HttpError(403, BILLING_PERMISSION_MESSAGE);
    });
    // Written before the answer leaves (onSend), so whoever reads the log after a response sees it.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.activity === null) return payload;
      const action = request.activity?.action ?? DEFAULT_ACTIONS[request.method];
      if (!action || reply.statusCode >= 400 || !request.employee) return payload;
      const params = request.params as Record<string, unknown> | undefined;
      try {
        await deps.activity.record({
          employeeId: request.employee.id,
          actorEmail: request.employee.email,
          action,
          subject: request.activity?.subject ?? request.routeOptions.url ?? request.url,
          detail:
            request.activity?.detail ?? (params && Object.keys(params).length > 0 ? params : null),
          ipAddress: request.ip,
        });
      } catch (error) {
        request.log.error({ err: error, reqId: request.id }, 'activity log write failed');
      }
      return payload;
    });
    await scope.register(plugin, options);
  });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Unsafe methods from another site are refused (a second line behind SameSite=Lax cookies).
 * Requests without Origin or Sec-Fetch-Site (servers, webhooks, curl) pass. Every path is
 * checked, not only those spelled `/api/`: the router decodes `/%61pi/…` to the same route.
 */
export function registerSameOriginWrites(
  app: FastifyInstance,
  publicOrigin: string | undefined,
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE.has(request.method)) return done();
    const origin = request.headers.origin;
    const sameOrigin =
      origin === undefined ||
      origin === publicOrigin ||
      origin === `${request.protocol}://${request.host}`;
    if (request.headers['sec-fetch-site'] === 'cross-site' || !sameOrigin) {
      return done(clientError(403, 'cross_site'));
    }
    done();
  });
}
