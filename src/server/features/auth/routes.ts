import type { FastifyInstance } from 'fastify';
import { currentEmployee, webHeaders } from '../../http/guard.js';
import { HttpError } from '../../http/errors.js';
import { CLIENT_IP_HEADER, type Auth } from './auth.js';

/** Employee sign-in: Better Auth's endpoints under /api/auth, plus the spec's two routes. */
export async function authRoutes(app: FastifyInstance, options: { auth: Auth }): Promise<void> {
  const { auth } = options;

  // The landing page's 'Employee Login' and the admin area's "logged out" path come here.
  app.get('/api/login', async (_request, reply) => reply.header('cache-control', 'no-store').redirect('/login', 302));

  app.get('/api/auth/user', async (request, reply) => {
    const employee = await currentEmployee(auth, request);
    if (!employee) throw new HttpError(401, 'You are not signed in.');
    return reply.header('cache-control', 'no-store').send(employee);
  });

  // Better Auth speaks Fetch; Fastify has parsed the JSON body, so it is passed on as JSON again.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const headers = webHeaders(request);
      headers.set(CLIENT_IP_HEADER, request.ip);
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const body = request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined;
      const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      reply.header('cache-control', 'no-store');
      const text = await response.text();
      if (response.status >= 400) {
        const message = readMessage(text, response.status, url.pathname === '/api/auth/sign-in/email');
        return reply.type('application/json').send({ message });
      }
      return reply.send(text || null);
    },
  });
}

/** Our error shape `{message}` with words a person understands, whatever Better Auth said. */
function readMessage(text: string, status: number, signIn: boolean): string {
  if (status === 429) {
    return signIn
      ? 'Too many sign-in attempts from your address. Please wait a minute and try again.'
      : 'Too many requests from your address. Please wait a minute and try again.';
  }
  // The same words for a wrong password and an unknown e-mail: neither is given away.
  if (status === 401 && signIn) return 'Wrong email or password.';
  if (status === 401) return 'You are not signed in.';
  try {
    const body = JSON.parse(text) as { message?: string };
    if (body.message) return body.message;
  } catch {
    // not JSON
  }
  return status >= 500 ? 'Something went wrong on our side. Please try again in a moment.' : 'The request was refused.';
}
