import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { DB_INT_MAX, DB_INT_MIN, parseDbId } from '../../contract/lib/db-int.js';
import { activityLog } from '../db/schema.js';
import { TEST_DATABASES, testConfig } from '../test/databases.js';
import { appUnderTest } from '../test/app-under-test.js';
import { contractNumbers } from '../test/contract-numbers.js';
import { requestOrigin } from './host.js';

interface Refusal {
  message: string;
  issues?: { field: string; message: string }[];
}

describe.each(TEST_DATABASES)('hostile input on %s', (kind) => {
  const ctx = appUnderTest(kind, () => ({
    role: 'owner',
    config: testConfig({ ALLOWED_HOSTS: 'shop.example:8080,[::1]:5000' }),
  }));
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: ctx.cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const logged = async () =>
    (await ctx.testDb.database.db.select({ n: count() }).from(activityLog))[0]!.n;

  it('refuses characters PostgreSQL cannot store with a 400 naming the field, on public and employee routes', async () => {
    const registration = {
      businessName: 'Shop',
      ownerName: 'Jo',
      email: 'jo@example.com',
      businessType: 'Other',
      subscriptionPlan: 'Basic',
    };
    const cases: [ReturnType<typeof call>, string][] = [
      [
        ctx.app.inject({
          method: 'POST',
          url: '/api/business-registration',
          payload: { ...registration, ownerName: 'Jo\u0000' },
        }),
        'ownerName',
      ],
      [
        ctx.app.inject({
          method: 'POST',
          url: '/api/business-registration',
          payload: { ...registration, address: { city: ['x\ud800'] } },
        }),
        'address.city.0',
      ],
      [ctx.app.inject({ url: '/api/payments/status?payment_intent=pi%00' }), 'payment_intent'],
      [
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: 'jo\u0000@example.com', password: 'a long passphrase' },
        }),
        'email',
      ],
      [call('POST', '/api/investors', { name: 'Jane\u0000Doe' }), 'name'],
      [call('POST', '/api/investors', { name: 'Jane', 'bad\u0000key': 1 }), 'bad\\u0000key'],
      [call('PUT', '/api/investors/a%00b', { name: 'Jane' }), 'id'],
      [call('DELETE', '/api/employees/%00'), 'id'],
      [call('GET', '/api/investors?search=%00'), 'search'],
      [call('GET', '/api/clients?search=ok&search=x%00'), 'search.1'],
      [
        call('POST', '/api/portfolio', {
          websiteName: '\udc00',
          websiteUrl: 'https://site.example',
        }),
        'websiteName',
      ],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.statusCode, field).toBe(400);
      const body = res.json<Refusal>();
      expect(body.message).toBe(
        `Please check ${field}: it contains a character we cannot store (a zero byte or a broken Unicode character).`,
      );
      expect(body.issues).toEqual([
        { field, message: expect.stringContaining('cannot store'), code: 'field_invalid' },
      ]);
    }
    const deep = await ctx.app.inject({
      method: 'POST',
      url: '/api/business-registration',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(5000)}1${']'.repeat(5000)}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json<Refusal>().message).toMatch(/nested more than 32 levels/);
  });

  it('checks a CSV import for NUL (naming the file) and takes CSV content types only', async () => {
    const csv = 'name,firm\nCsv Person,Csv Firm\n';
    const refused = await call('POST', '/api/investors/import?dryRun=1', 'name\nA\u0000B\n', {
      'content-type': 'text/csv',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Refusal>().issues).toEqual([
      { field: 'file', message: expect.stringContaining('cannot store'), code: 'field_invalid' },
    ]);
    for (const type of [
      'text/csv',
      'text/csv; charset=utf-8',
      'application/vnd.ms-excel',
      'text/plain',
    ]) {
      expect(
        (await call('POST', '/api/investors/import?dryRun=1', csv, { 'content-type': type }))
          .statusCode,
        type,
      ).toBe(200);
    }
    for (const type of [
      'application/json',
      'image/png',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await call(
        'POST',
        '/api/investors/import?dryRun=1',
        type === 'application/json' ? '{"name":"x"}' : csv,
        { 'content-type': type },
      );
      expect(res.statusCode, type).toBe(415);
      expect(res.json<Refusal>().message).toBe(
        'Send the investor list as a CSV file (content type text/csv).',
      );
    }
  });

  it('passes binary bodies (logos, the Stripe webhook) through untouched', async () => {
    const ticket = (await call('POST', '/api/objects/upload', { purpose: 'portfolio-logo' })).json<{
      uploadURL: string;
    }>();
    const png = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect(png.includes(0)).toBe(true);
    expect(
      (
        await call('PUT', new URL(ticket.uploadURL, 'http://localhost').pathname, png, {
          'content-type': 'image/png',
        })
      ).statusCode,
    ).toBe(200);
    const webhook = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_\\u0000"}',
    });
    expect(webhook.statusCode).toBe(404); // test mode has no webhook; the raw bytes were not judged as text
  });

  it('refuses writes from another site whatever the spelling of the path', async () => {
    const evil = { origin: 'https://evil.example' };
    for (const url of [
      '/api/portfolio',
      '/%61pi/portfolio',
      '/%61%70%69/portfolio',
      '/api/%70ortfolio',
      '/api//portfolio',
      '/elsewhere',
    ]) {
      const res = await call(
        'POST',
        url,
        { websiteName: 'X', websiteUrl: 'https://x.example' },
        evil,
      );
      expect(res.statusCode, url).toBe(403);
      expect(res.json<Refusal>().message).toBe(
        'This request came from another site and was refused.',
      );
    }
    const fetchSite = await call('DELETE', '/%61pi/portfolio/1', undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(fetchSite.statusCode).toBe(403);
    // The same request from the site itself reaches the route.
    expect(
      (
        await call(
          'POST',
          '/%61pi/portfolio',
          { websiteName: 'X', websiteUrl: 'javascript:alert(1)' },
          { origin: 'http://localhost:80' },
        )
      ).statusCode,
    ).toBe(400);
  });

  it('logs every export that answers, and refuses one whose filter cannot be stored', async () => {
    const exports = [
      '/api/leads/export.csv?status=new',
      '/api/businesses/export.csv?category=plumber',
      '/api/investors/export.csv?search=a',
      '/api/clients/export.csv?search=a',
    ];
    for (const url of exports) {
      for (const filter of ['%00', '%ED%A0%80', 'x%00y']) {
        const before = await logged();
        const res = await call('GET', `${url}${filter}`);
        const after = await logged();
        if (res.statusCode === 200) expect(after, `${url}${filter}`).toBe(before + 1);
        else {
          expect(res.statusCode, `${url}${filter}`).toBe(400);
          expect(after).toBe(before);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
        }
      }
      for (const odd of ['%F0%9F%92%A5', '%22%3E%3Cscript%3E', '']) {
        const before = await logged();
        const res = await call('GET', `${url}${odd}`);
        if (res.statusCode === 200) expect(await logged(), `${url}${odd}`).toBe(before + 1);
        else expect(res.statusCode).toBe(400);
      }
    }
    expect((await call('GET', '/api/businesses/export.csv?category=plumber%00')).statusCode).toBe(
      400,
    );
  });

  it('never echoes an unchecked Host in robots.txt or the sitemap', async () => {
    for (const host of [
      'evil.example/"><script>',
      'a@b',
      'x'.repeat(300),
      'evil.example bad',
      "evil.example'",
      'evil.example:80/x',
    ]) {
      for (const url of ['/robots.txt', '/sitemap.xml']) {
        const res = await ctx.app.inject({ url, headers: { host } });
        expect(res.statusCode, host).toBe(400);
        expect(res.body).not.toContain(host);
      }
    }
    const fine = await ctx.app.inject({
      url: '/sitemap.xml',
      headers: { host: 'shop.example:8080' },
    });
    expect(fine.body).toContain('<loc>http://shop.example:8080/</loc>');
    expect(fine.headers.vary).toMatch(/\bhost\b/i);
    const ipv6 = await ctx.app.inject({ url: '/robots.txt', headers: { host: '[::1]:5000' } });
    expect(ipv6.body).toContain('Sitemap: http://[::1]:5000/sitemap.xml');
  });
});

/** The page shell's canonical and Open Graph links without PUBLIC_URL. */
describe('the page shell and a hostile Host', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-'));
  fs.mkdirSync(path.join(dir, 'web'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><link rel="canonical" href="{{ORIGIN}}/"><meta property="og:url" content="{{ORIGIN}}/"><div id="root"></div>',
  );
  const ctx = appUnderTest('pglite', () => ({
    config: testConfig({ ALLOWED_HOSTS: 'shop.example:8080' }),
    web: { webDir: path.join(dir, 'web'), shellFile: path.join(dir, 'index.html') },
  }));

  it('names the checked host, varies by Host, and refuses a malformed one without echoing it', async () => {
    const fine = await ctx.app.inject({ url: '/', headers: { host: 'shop.example:8080' } });
    expect(fine.statusCode).toBe(200);
    expect(fine.body).toContain('<link rel="canonical" href="http://shop.example:8080/">');
    expect(String(fine.headers.vary)).toMatch(/\bhost\b/i);
    for (const host of ['evil.example/"><script>', 'a@b', 'x'.repeat(300), '<evil>']) {
      const res = await ctx.app.inject({ url: '/', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.body).not.toContain(host);
    }
  });

  it('falls back to this server on localhost when a request names no allowed host, and prefers PUBLIC_URL', () => {
    const request = (host: string | undefined, protocol = 'http') =>
      ({ host, protocol }) as unknown as FastifyRequest;
    const rule = { publicUrl: undefined, allowedHosts: ['shop.example'], port: 5000 };
    expect(requestOrigin(request(undefined), rule)).toBe('http://localhost:5000');
    expect(requestOrigin(request('a@b'), rule)).toBe('http://localhost:5000');
    expect(requestOrigin(request('evil.example'), rule)).toBe('http://localhost:5000');
    expect(requestOrigin(request('shop.example', 'https'), rule)).toBe('https://shop.example');
    expect(requestOrigin(request('SHOP.example'), rule)).toBe('http://shop.example');
    expect(
      requestOrigin(request('evil.example'), { ...rule, publicUrl: 'https://agency.example.com' }),
    ).toBe('https://agency.example.com');
  });
});

/** Every number a contract schema takes, found in the contract files themselves (src/server/test/contract-numbers.ts). */
describe('numbers in the contract', () => {
  it('refuses every value a database integer cannot hold, in every number field of every schema', async () => {
    const numbers = await contractNumbers();
    expect(numbers.map((n) => n.field)).toEqual(
      expect.arrayContaining(['planId', 'page', 'reviewCount', 'days', 'limit', 'offset']),
    );
    const outside = [
      DB_INT_MAX + 1,
      DB_INT_MIN - 1,
      2 ** 53,
      -(2 ** 53),
      1e308,
      -1e308,
      Infinity,
      NaN,
    ];
    const taken = numbers.flatMap((n) =>
      outside
        .flatMap((value) => (n.coerce ? [value, String(value)] : [value]))
        .filter((value) => n.schema.safeParse(value).success)
        .map((value) => `${n.where} takes ${JSON.stringify(value)}`),
    );
    expect(taken).toEqual([]);
  });

  it('reads a row id from a path strictly', () => {
    expect(['1', '42', String(DB_INT_MAX)].map(parseDbId)).toEqual([1, 42, DB_INT_MAX]);
    for (const text of [
      '0',
      '-1',
      String(DB_INT_MAX + 1),
      '9'.repeat(30),
      '0x10',
      '1e1',
      '7.0',
      ' 7',
      '07',
      '',
      '1.5',
      'NaN',
    ])
      expect(parseDbId(text), text).toBeNull();
  });
});
