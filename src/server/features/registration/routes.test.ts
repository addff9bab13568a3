import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessRegistrations } from '../../db/schema.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';

const valid = {
  businessName: '  Demo Plumbing Co ',
  ownerName: 'Pat Example',
  email: 'pat@example.com',
  phone: '',
  address: '1 Test Street',
  businessType: 'Construction',
  subscriptionPlan: 'professional',
  website: 'https://demo-plumbing.example.com',
  description: '',
};

describe.each(TEST_DATABASES)('POST /api/business-registration on %s', (kind) => {
  const ctx = appUnderTest(kind, { role: null, registrationRateLimit: 1000 });

  const post = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/business-registration', payload: payload as object });

  it('stores a valid registration as pending_payment, trimmed, blanks as null', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; status: string; plan: { id: number; name: string } }>();
    expect(body.status).toBe('pending_payment');
    expect(body.plan.name).toBe('professional');
    const [row] = await ctx.testDb.database.db.select().from(businessRegistrations).where(eq(businessRegistrations.id, body.id));
    expect(row).toMatchObject({
      businessName: 'Demo Plumbing Co',
      phone: null,
      description: null,
      website: 'https://demo-plumbing.example.com',
      planId: body.plan.id,
      status: 'pending_payment',
    });
  });

  it('lists every failing field with a readable message and stores nothing', async () => {
    const before = await ctx.testDb.database.db.$count(businessRegistrations);
    const res = await post({ ...valid, businessName: '   ', email: 'not-an-email', businessType: 'Spaceships', website: 'ftp://x.example.com' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; issues: { field: string; message: string }[] }>();
    expect(body.issues.map((i) => i.field).sort()).toEqual(['businessName', 'businessType', 'email', 'website']);
    expect(body.message).toContain('Business Name');
    expect(body.issues.find((i) => i.field === 'email')!.message).toMatch(/valid email/i);
    expect(await ctx.testDb.database.db.$count(businessRegistrations)).toBe(before);
  });

  it('refuses missing required fields, an unknown plan, and over-long text', async () => {
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json<{ issues: { field: string }[] }>()
        .issues.map((i) => i.field)
        .sort(),
    ).toEqual(['businessName', 'businessType', 'email', 'ownerName', 'subscriptionPlan']);
    const unknownPlan = await post({ ...valid, subscriptionPlan: 'platinum' });
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json<{ issues: { field: string }[] }>().issues[0]!.field).toBe('subscriptionPlan');
    const tooLong = await post({ ...valid, description: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ issues: { field: string; message: string }[] }>().issues[0]).toEqual({
      field: 'description',
      message: 'Description must be at most 2000 characters',
    });
    const wrongType = await post({ ...valid, phone: 12345 });
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers 400 to malformed JSON and 413 beyond 1 MB', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/business-registration',
      headers: { 'content-type': 'application/json' },
      payload: '{"businessName":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const huge = await post({ ...valid, description: 'x'.repeat(1024 * 1024 + 10) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ message: string }>().message).toMatch(/too large/);
  });
});

describe('registration rate limit', () => {
  const ctx = appUnderTest('pglite', { role: null, registrationRateLimit: 2 });

  it('answers 429 with a clear message past the limit per address', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await ctx.app.inject({ method: 'POST', url: '/api/business-registration', payload: valid })).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    const limited = await ctx.app.inject({ method: 'POST', url: '/api/business-registration', payload: valid });
    expect(limited.json<{ message: string }>().message).toMatch(/Too many requests/);
    const other = await ctx.app.inject({ method: 'POST', url: '/api/business-registration', payload: valid, remoteAddress: '10.9.8.7' });
    expect(other.statusCode).toBe(201);
  });
});
