import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { AUTH_BASE_PATH } from '../../../contract/auth/auth.js';
import { getCurrentEmployee } from '../../../contract/auth/employee-account.js';
import { getSignInOptions, login } from '../../../contract/auth/sign-in.js';
import { HttpError } from '../../http/errors.js';
import { isValidHost } from '../../http/host.js';
import { route } from '../../http/route.js';
import type { CounterStore } from '../../adapters/shared-state/types.js';
import { SIGN_IN_FAILED, type ActivityLog } from '../activity/index.js';
import { refusedPerAccount } from '../metrics/index.js';
import { describeAuthExchange } from './activity.js';
import { CLIENT_IP_HEADER, SSO_CALLBACK_PATH, SSO_PROVIDER_ID, type Auth } from './auth.js';
import { acceptedSecrets } from './secrets.js';
import { currentEmployee, employeeFromHeaders, webHeaders, type Employee } from './session.js';
import {
  ACCOUNT_LIMIT_MESSAGE,
  claimTotpCode,
  CODE_REUSED_MESSAGE,
  type SignInLimits,
} from './sign-in-limits.js';

export {
  ACCOUNT_FAILURE_LIMIT,
  ACCOUNT_FAILURE_WINDOW_MS,
  ACCOUNT_LIMIT_MESSAGE,
} from './sign-in-limits.js';

interface AuthRouteOptions {
  auth: Auth;
  activity: ActivityLog;
  oidc: Config['oidc'];
  /** Shared across instances: sign-in attempts per account or known browser, used TOTP codes. */
  counters: CounterStore;
  limits: SignInLimits;
  /** PUBLIC_URL: employees sign in on this address only. */
  publicUrl: string | undefined;
}

/** Employee sign-in: Better Auth's endpoints under /api/auth, plus the spec's two routes. */
export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { auth, activity } = options;

  // The landing page's 'Employee Login' and the admin area's "logged out" path come here;
  // `?sso=1` goes straight to the identity provider when single sign-on is configured.
  route(app, login, {}, async (_input, request, reply) => {
    const { sso } = request.query as { sso?: string };
    // On another address of this server, the way in is the site's own sign-in page.
    if (signInHostProblem(request, options.publicUrl))
      return reply.redirect(`${options.publicUrl}/login${sso === '1' ? '?sso=1' : ''}`, 302);
    if (!options.oidc || sso !== '1') return reply.redirect('/login', 302);
    const response = await callAuth(auth, request, `${AUTH_BASE_PATH}/sign-in/social`, {
      provider: SSO_PROVIDER_ID,
      callbackURL: '/admin',
      errorCallbackURL: '/login',
    });
    const body = (await response.json().catch(() => null)) as { url?: string } | null;
    if (!response.ok || !body?.url) return reply.redirect('/login?error=sso_unavailable', 302);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.redirect(body.url, 302);
  });

  route(app, getSignInOptions, { cache: 'no-cache' }, async () => ({
    password: true,
    sso: options.oidc ? { name: options.oidc.name } : null,
  }));

  route(app, getCurrentEmployee, {}, async (_input, request) => {
    const me = await currentEmployee(auth, request);
    if (!me) throw new HttpError(401, 'You are not signed in.');
    return me;
  });

  // Better Auth speaks Fetch; Fastify has parsed the JSON body, so it is passed on as JSON again.
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    async handler(request, reply) {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const path = url.pathname.slice(AUTH_BASE_PATH.length);
      // One door for the identity provider's answer: ours (logged, refusals sent to /login), not Better Auth's own.
      if (path.startsWith('/callback/')) throw new HttpError(404, 'Not found.');
      if (path === SSO_CALLBACK_PATH)
        url.pathname = `${AUTH_BASE_PATH}/callback/${SSO_PROVIDER_ID}`;
      if (request.method === 'POST' && /^\/(sign-in|two-factor)\//.test(path)) {
        const problem = signInHostProblem(request, options.publicUrl);
        if (problem) throw new HttpError(403, problem);
      }
      const typedEmail = path === '/sign-in/email' ? emailOf(request.body) : undefined;
      const before = request.method === 'POST' ? await currentEmployee(auth, request) : null;
      const challenged =
        path.startsWith('/two-factor/verify') && !before
          ? await secondFactorEmployee(auth, request)
          : null;
      // Each step of a sign-in (password, second factor) is counted before it is tried.
      const signingIn = typedEmail ?? challenged?.email;
      const attempt = signingIn
        ? await options.limits.begin(signingIn, request.headers.cookie)
        : undefined;
      if (attempt === null) {
        await activity.record({
          actorEmail: signingIn,
          action: 'sign-in.refused',
          detail: { reason: 'account limit' },
          ipAddress: request.ip,
        });
        refusedPerAccount(request);
        throw new HttpError(429, ACCOUNT_LIMIT_MESSAGE);
      }
      const code = (request.body as { code?: unknown } | undefined)?.code;
      const claim =
        path === '/two-factor/verify-totp' && challenged && typeof code === 'string'
          ? await claimTotpCode(options.counters, challenged.id, code)
          : undefined;
      if (claim === null) {
        await activity.record({
          actorEmail: challenged!.email,
          action: SIGN_IN_FAILED,
          detail: { method: 'authenticator', reason: 'code already used' },
          ipAddress: request.ip,
        });
        throw new HttpError(401, CODE_REUSED_MESSAGE);
      }

      const response = await callAuth(
        auth,
        request,
        url.toString(),
        request.method === 'POST' ? request.body : undefined,
        request.method,
      );
      const cookies = response.headers.getSetCookie();
      const text = await response.text();
      const after = sessionCookieSet(cookies) ? await employeeFromCookies(auth, cookies) : null;
      if (claim && response.status >= 400) await claim.release();
      if (attempt && after) cookies.push(await options.limits.succeeded(attempt, signingIn!));
      const entry = describeAuthExchange({
        path,
        method: request.method,
        status: response.status,
        before,
        after,
        typedEmail: typedEmail ?? challenged?.email,
        location: response.headers.get('location'),
        body: parseObject(text),
        ipAddress: request.ip,
      });
      if (entry) await activity.record(entry);

      // The browser comes here from the identity provider, so a refusal (Better Auth answers some
      // with a redirect to its own error page, some with JSON) ends on the sign-in page, which names its `error`.
      if (path === SSO_CALLBACK_PATH && !after) {
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply
          .header('cache-control', 'no-store')
          .redirect(`/login?error=${ssoRefusal(response.headers.get('location'))}`, 302);
      }
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      reply.header('cache-control', 'no-store');
      if (response.status >= 400) {
        const message = readMessage(text, response.status, path);
        return reply.type('application/json').send({ message });
      }
      return reply.send(text || null);
    },
  });
}

/**
 * Why an employee cannot sign in at the address this request came to, or null when they can. With
 * PUBLIC_URL set, the session cookie and Better Auth's origin check belong to that address only: a
 * sign-in on another one (an instance's own port, an old domain) would be refused with words that
 * do not say why, or set a cookie the site never sees.
 */
function signInHostProblem(request: FastifyRequest, publicUrl: string | undefined): string | null {
  if (!publicUrl) return null;
  const site = new URL(publicUrl);
  const host = request.host?.toLowerCase();
  if (host === site.host) return null;
  const here = isValidHost(host) ? ` (this page was opened at ${host})` : '';
  return `Employees sign in at ${site.origin} only${here}. Open ${site.origin}/login and sign in there.`;
}

function callAuth(
  auth: Auth,
  request: FastifyRequest,
  url: string,
  body: unknown,
  method = 'POST',
): Promise<Response> {
  const headers = webHeaders(request);
  headers.set(CLIENT_IP_HEADER, request.ip);
  const absolute = new URL(url, `${request.protocol}://${request.host}`);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return auth.handler(
    new Request(absolute, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body ?? null),
    }),
  );
}

const SESSION_COOKIE = /^(__Secure-)?agency\.session_token=[^;]+/;

function sessionCookieSet(cookies: string[]): boolean {
  return cookies.some((c) => SESSION_COOKIE.test(c) && !/max-age=0/i.test(c));
}

/** The employee a fresh session cookie belongs to (to log who signed in). */
function employeeFromCookies(auth: Auth, cookies: string[]): Promise<Employee | null> {
  return employeeFromHeaders(
    auth,
    new Headers({ cookie: cookies.map((c) => c.split(';')[0]).join('; ') }),
  );
}

/**
 * Who a second-factor challenge belongs to: Better Auth's signed `two_factor` cookie names a
 * verification row whose value is the user id (used only to say who failed, in the log).
 */
async function secondFactorEmployee(
  auth: Auth,
  request: FastifyRequest,
): Promise<{ id: string; email: string } | null> {
  const raw = /(?:^|;\s*)(?:__Secure-)?agency\.two_factor=([^;]+)/.exec(
    request.headers.cookie ?? '',
  )?.[1];
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  const dot = value.lastIndexOf('.');
  const ctx = await auth.$context;
  // Signed with the current secret or, after a rotation, a previous one (./secrets.ts).
  const signed = acceptedSecrets(ctx).some(
    (secret) =>
      value.slice(dot + 1) ===
      crypto.createHmac('sha256', secret).update(value.slice(0, dot)).digest('base64'),
  );
  if (dot < 1 || !signed) return null;
  const verification = await ctx.internalAdapter.findVerificationValue(value.slice(0, dot));
  const user = verification ? await ctx.internalAdapter.findUserById(verification.value) : null;
  return user ? { id: user.id, email: user.email } : null;
}

/** Better Auth's reason for a refused callback (its redirect's `error`), if it is a plain code. */
function ssoRefusal(location: string | null): string {
  const error = location ? new URL(location, 'http://local').searchParams.get('error') : null;
  return error && /^[a-z0-9_]{1,64}$/i.test(error) ? error : 'sso_refused';
}

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim()
    ? email.trim().toLowerCase().slice(0, 320)
    : undefined;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Our error shape `{message}` with words a person understands, whatever Better Auth said. */
function readMessage(text: string, status: number, path: string): string {
  const signIn = path === '/sign-in/email';
  if (path.startsWith('/two-factor/verify') && (status === 400 || status === 401)) {
    return 'That code is not right. Check the code in your authenticator app and try again.';
  }
  if (status === 429) {
    return signIn
      ? 'Too many sign-in attempts from your address. Please wait a minute and try again.'
      : 'Too many requests from your address. Please wait a minute and try again.';
  }
  // The same words for a wrong password and an unknown e-mail: neither is given away.
  if (status === 401 && signIn) return 'Wrong email or password.';
  if (status === 401) return 'You are not signed in.';
  const message = parseObject(text)?.message;
  if (typeof message === 'string' && message) return message;
  return status >= 500
    ? 'Something went wrong on our side. Please try again in a moment.'
    : 'The request was refused.';
}
