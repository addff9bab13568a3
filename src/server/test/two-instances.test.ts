import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { startFakeS3 } from './fake-s3.js';
import { redisAnswers, TEST_REDIS_URL } from './redis.js';
import { startTcpProxy } from './tcp-proxy.js';
import { registrationBody, startServerChild, type ServerChild } from './faults/child.js';

const REDIS_URL = TEST_REDIS_URL;
// Without Redis (outside CI) the Redis setup is left out, and redisAnswers says so.
const SETUPS = [
  { redis: false },
  ...(!process.env.TEST_DATABASE_URL || (await redisAnswers('two-instances.test.ts'))
    ? [{ redis: true }]
    : []),
];
const S3 = {
  bucket: 'logos',
  region: 'us-east-1',
  accessKeyId: 'AKIAFAKEFAKEFAKE',
  secretAccessKey: 'fake-secret-for-tests-only',
};
const ADMIN = { email: 'owner@agency.example', password: 'two instances, one passphrase' };

// Two real server processes on one PostgreSQL database (and one Redis): this runs only when TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL).each(SETUPS)(
  'two app processes on one database (Redis: $redis)',
  ({ redis }) => {
    let testDb: TestDatabase;
    let fakeS3: Awaited<ReturnType<typeof startFakeS3>>;
    let servers: ServerChild[] = [];
    // Redis is reached through a relay the test can cut: "Redis down" for these two servers only.
    let redisRelay: Awaited<ReturnType<typeof startTcpProxy>> | undefined;
    const prefix = `test-two-instances-${crypto.randomBytes(4).toString('hex')}:`;
    const net = redis ? '10.61' : '10.60';

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres', { seed: false });
      fakeS3 = await startFakeS3(S3);
      if (redis)
        redisRelay = await startTcpProxy({
          host: '127.0.0.1',
          port: Number(new URL(REDIS_URL).port || 6379),
        });
      const env = {
        AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
        // The test stands in for the load balancer: it names each request's client in X-Forwarded-For.
        TRUST_PROXY: 'true',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...fakeS3.env(),
        ...(redisRelay
          ? { REDIS_URL: `redis://127.0.0.1:${redisRelay.port}`, REDIS_KEY_PREFIX: prefix }
          : {}),
      };
      // Both start at once, as after a deploy: migrations, seed and the first owner must not collide.
      const started = await Promise.allSettled(
        [0, 1].map(() =>
          startServerChild({ url: testDb.url! }, { app: { registrationRateLimit: 3 } }, env),
        ),
      );
      servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.kill()));
      await fakeS3?.close();
      await redisRelay?.close();
      await testDb?.cleanup();
      if (redis) {
        const client = new Redis(REDIS_URL);
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) await client.del(...keys);
        await client.quit();
      }
    });

    /** A request to server `i` (0 or 1) as if the load balancer had sent it from `client`. */
    async function call(
      i: number,
      method: string,
      url: string,
      options: { body?: unknown; cookie?: string; client?: string } = {},
    ) {
      const headers: Record<string, string> = { 'x-forwarded-for': options.client ?? `${net}.0.1` };
      if (options.cookie) headers.cookie = options.cookie;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${servers[i % 2]!.base}${url}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await res.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // not JSON
      }
      return {
        status: res.status,
        json,
        cookie: res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      };
    }
    const signIn = (i: number, email: string, password: string, client: string) =>
      call(i, 'POST', '/api/auth/sign-in/email', { body: { email, password }, client });

    it('a session made on one works on the other, and sign-out on either ends it on both', async () => {
      const session = await signIn(0, ADMIN.email, ADMIN.password, `${net}.1.1`);
      expect(session.status).toBe(200);
      expect(
        (await call(1, 'GET', '/api/auth/user', { cookie: session.cookie })).json,
      ).toMatchObject({ email: ADMIN.email, role: 'owner' });
      expect(
        (await call(1, 'POST', '/api/auth/sign-out', { cookie: session.cookie, body: {} })).status,
      ).toBe(200);
      expect((await call(0, 'GET', '/api/auth/user', { cookie: session.cookie })).status).toBe(401);
      expect((await call(1, 'GET', '/api/auth/user', { cookie: session.cookie })).status).toBe(401);
    });

    it('counts the sign-in limit per address across both (alternating): the 6th is 429', async () => {
      const codes = [];
      for (let i = 0; i < 6; i++)
        codes.push(
          (await signIn(i, 'someone@agency.example', `wrong password ${i}!`, `${net}.2.1`)).status,
        );
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('counts the sign-in limit per account across both, whatever the address: the 11th is 429', async () => {
      const codes = [];
      for (let i = 0; i < 11; i++)
        codes.push(
          (await signIn(i, 'nobody@agency.example', `wrong password ${i}!`, `${net}.3.${i + 1}`))
            .status,
        );
      expect(codes).toEqual([...Array<number>(10).fill(401), 429]);
    });

    it('counts the registration limit per address across both: the 4th is 429', async () => {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (
            await call(i, 'POST', '/api/business-registration', {
              body: registrationBody(i),
              client: `${net}.4.1`,
            })
          ).status,
        );
      expect(codes).toEqual([201, 201, 201, 429]);
      // Another address is not affected.
      expect(
        (
          await call(1, 'POST', '/api/business-registration', {
            body: registrationBody(9),
            client: `${net}.4.2`,
          })
        ).status,
      ).toBe(201);
    });

    it('kept those counts in Redis when REDIS_URL is set, else in rate_limit_counters', async () => {
      const client = new Redis(REDIS_URL);
      const redisKeys = (await client.keys(`${prefix}*`)).length;
      await client.quit();
      const rows = await testDb.database.db.$count(rateLimitCounters);
      expect(redis ? [redisKeys > 0, rows] : [redisKeys, rows > 0]).toEqual(
        redis ? [true, 0] : [0, true],
      );
    });

    it.runIf(redis)(
      'with Redis down, limits hold across both in the database and nothing answers 5xx; Redis is used again once back',
      async () => {
        redisRelay!.cut();
        const ready = await Promise.all([0, 1].map((i) => call(i, 'GET', '/readyz')));
        expect(ready.map((r) => [r.status, r.json.counters])).toEqual([
          [200, 'postgres'],
          [200, 'postgres'],
        ]);
        const signIns = [];
        for (let i = 0; i < 6; i++)
          signIns.push(
            (await signIn(i, 'someone@agency.example', `wrong password ${i}!`, `${net}.6.1`))
              .status,
          );
        expect(signIns).toEqual([401, 401, 401, 401, 401, 429]);
        const registrations = [];
        for (let i = 0; i < 4; i++)
          registrations.push(
            (
              await call(i, 'POST', '/api/business-registration', {
                body: registrationBody(20 + i),
                client: `${net}.6.2`,
              })
            ).status,
          );
        expect(registrations).toEqual([201, 201, 201, 429]);
        expect(await testDb.database.db.$count(rateLimitCounters)).toBeGreaterThan(0);

        redisRelay!.restore();
        await expect
          .poll(
            async () =>
              (await Promise.all([0, 1].map((i) => call(i, 'GET', '/readyz')))).map(
                (r) => r.json.counters,
              ),
            { timeout: 15_000 },
          )
          .toEqual(['redis', 'redis']);
        // /readyz reports where the next count goes; a count confirms it.
        expect(
          (
            await call(0, 'POST', '/api/business-registration', {
              body: registrationBody(30),
              client: `${net}.6.3`,
            })
          ).status,
        ).toBe(201);
        expect(
          await testDb.database.db.$count(
            rateLimitCounters,
            sql`${rateLimitCounters.key} like ${`%${net}.6.3%`}`,
          ),
        ).toBe(0);
      },
    );

    it('a logo uploaded through one is used and served through the other (S3)', async () => {
      const { cookie } = await signIn(0, ADMIN.email, ADMIN.password, `${net}.5.1`);
      const ticket = await call(0, 'POST', '/api/objects/upload', {
        cookie,
        body: { purpose: 'portfolio-logo', contentType: 'image/png' },
      });
      expect(ticket.status).toBe(200);
      const png = await sharp({
        create: { width: 64, height: 64, channels: 4, background: '#1d4ed8' },
      })
        .png()
        .toBuffer();
      const put = await fetch(ticket.json.uploadURL as string, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
      expect(put.status).toBe(200);

      const created = await call(1, 'POST', '/api/portfolio', {
        cookie,
        body: {
          websiteName: 'Two Instances',
          websiteUrl: 'https://two.example',
          logoUrl: ticket.json.publicUrl,
        },
      });
      expect(created.status).toBe(201);
      const logoUrl = created.json.logoUrl as string;
      expect(logoUrl.startsWith(`${fakeS3.url}/${S3.bucket}/portfolio-logo/`)).toBe(true);
      const listed = (await fetch(`${servers[0]!.base}/api/portfolio`).then((r) => r.json())) as {
        websiteName: string;
        logoUrl: string | null;
      }[];
      expect(listed.find((p) => p.websiteName === 'Two Instances')?.logoUrl).toBe(logoUrl);
      // The bucket holds the re-encoded logo under that name (the fake, like a private bucket, wants signed reads).
      const stored = fakeS3.objects.get(new URL(logoUrl).pathname.slice(`/${S3.bucket}/`.length));
      expect([stored?.contentType, (await sharp(stored!.body).metadata()).format]).toEqual([
        'image/webp',
        'webp',
      ]);
    });
  },
);
