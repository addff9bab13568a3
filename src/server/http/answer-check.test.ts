import Fastify from 'fastify';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { answer } from '../../contract/lib/answer.js';
import type { Endpoint } from '../../contract/lib/endpoint.js';
import { registerAnswerCheck } from './answer-check.js';
import { registerErrorHandling } from './errors.js';
import { route } from './route.js';

const greet: Endpoint<{ hello: string }, undefined, { name: string }> = {
  method: 'GET',
  path: '/api/greet',
};
const leak: Endpoint<{ hello: string }> = { method: 'GET', path: '/api/leak' };
const unlisted: Endpoint<{ hello: string }> = { method: 'GET', path: '/api/unlisted' };
const hello = z.strictObject({ hello: z.string() });

async function app() {
  const app = Fastify();
  registerErrorHandling(app);
  registerAnswerCheck(app, [answer(greet, hello), answer(leak, hello)]);
  route(
    app,
    greet,
    { query: z.object({ name: z.string('Name must be text.') }), labels: { name: 'Name' } },
    async ({ query }) => ({ hello: query.name }),
  );
  // The type says { hello }, but an extra column slips out at run time.
  route(app, leak, {}, async () => ({ hello: 'x', passwordHash: 'secret' }) as { hello: string });
  route(app, unlisted, {}, async () => ({ hello: 'x' }));
  await app.ready();
  return app;
}

describe('routes from contract endpoints', () => {
  it('parses the query with the contract schema and answers no-store', async () => {
    const res = await (await app()).inject({ url: '/api/greet?name=Sam' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hello: 'Sam' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const res = await (await app()).inject({ url: '/api/greet' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Please check Name: /);
  });

  it('fails an answer with a field its schema does not declare', async () => {
    const res = await (await app()).inject({ url: '/api/leak' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/GET \/api\/leak answered outside its contract/);
  });

  it('fails a route whose endpoint has no answer schema', async () => {
    const res = await (await app()).inject({ url: '/api/unlisted' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/has no answer schema/);
  });
});
