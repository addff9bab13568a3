import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteOnboardingFile,
  emptyOnboardingAnswers,
  getClientOnboarding,
  getClientOnboardingFile,
  getOnboarding,
  getOnboardingFile,
  ONBOARDING_LIMITS,
  saveOnboardingDraft,
  submitOnboarding,
  uploadOnboardingFile,
  type OnboardingAnswers,
  type OnboardingFile,
  type OnboardingView,
} from '../../../contract/onboarding/onboarding.js';
import { activityLog, onboardingFiles, outboxMessages } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { accountCookie, paidRegistration } from '../../test/billing.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { signedInEmployee } from '../../test/employees.js';
import { user } from '../../db/schema.js';
import { createProjectManagers } from '../kickoff/index.js';
import { pngBomb } from '../../test/images.js';

/** An image with EXIF a website visitor must never see. */
const image = (width: number, height: number, format: 'png' | 'jpeg' = 'png') => {
  const pipeline = sharp({
    create: { width, height, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 1 } },
  }).withExif({ IFD0: { ImageDescription: '12 Home Street' } });
  return format === 'png' ? pipeline.png().toBuffer() : pipeline.jpeg().toBuffer();
};

const complete = (more: Partial<OnboardingAnswers> = {}): OnboardingAnswers => ({
  ...emptyOnboardingAnswers(),
  businessName: 'Demo Bakery',
  ownerName: 'Sam Example',
  description: 'Sourdough and pastries in Austin.',
  goals: 'More orders online; show the menu.',
  colours: ['#1A2B3C', '#ffffff'],
  domain: 'demobakery.com',
  domainHost: 'GoDaddy',
  social: [{ network: 'instagram', url: 'instagram.com/demobakery' }],
  likedSites: ['https://example.com/bakery'],
  ...more,
});

describe.each(TEST_DATABASES)('onboarding on %s', (kind) => {
  let dataDir: string;
  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const ctx = appUnderTest(kind, () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-test-'));
    return {
      config: testConfig({ DATA_DIR: dataDir, TEAM_EMAIL: 'team@example.com' }),
      registrationRateLimit: 1000,
      paymentRateLimit: 1000,
      accountRateLimit: 1000,
    };
  });
  const db = () => ctx.testDb.database.db;

  /** A paying client, signed in to the billing page. */
  let clients = 0;
  async function client(businessName = 'Demo Bakery', language: 'en' | 'es' = 'en') {
    const paid = await paidRegistration(ctx, 'growing', undefined, { businessName, language });
    // Each client from an address of their own: the per-address upload limit is not what most tests check.
    const address = `10.78.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;
    addresses.set(paid.email, address);
    const cookie = await accountCookie(ctx, paid.email);
    addresses.set(cookie, address);
    return { ...paid, cookie, address };
  }
  const addresses = new Map<string, string>();
  const read = (cookie: string) =>
    ctx.app.inject({ url: apiPath(getOnboarding), headers: { cookie } });
  const save = (cookie: string, version: number, answers: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: apiPath(saveOnboardingDraft),
      headers: { cookie },
      payload: { version, answers },
    });
  const submit = (cookie: string, version: number, answers: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(submitOnboarding),
      headers: { cookie },
      payload: { version, answers },
    });
  const upload = (cookie: string, kind: string, body: Buffer, type = 'image/png') =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(uploadOnboardingFile, {}, { kind }),
      headers: { cookie, 'content-type': type },
      payload: body,
      remoteAddress: addresses.get(cookie) ?? '10.78.255.1',
    });
  const teamMails = async (businessName: string) =>
    (
      await db()
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.kind, 'team_onboarding_submitted'))
    ).filter((m) => m.subject.includes(businessName));

  let alice: Awaited<ReturnType<typeof client>>;
  let bob: Awaited<ReturnType<typeof client>>;
  beforeAll(async () => {
    alice = await client('Alice Bakery');
    bob = await client('Bob Plumbing', 'es');
  });

  it('is only for a signed-in client: 401 without the billing session, and an employee cookie is not one', async () => {
    for (const cookie of ['', ctx.cookie, 'agency.account=made-up-token']) {
      const res = await read(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'billing_signed_out' });
    }
    expect((await save('', 0, {})).statusCode).toBe(401);
    expect((await upload('', 'logo', await image(10, 10))).statusCode).toBe(401);
  });

  it('starts from the registration’s details, saves drafts with a growing version and refuses a stale one (another tab)', async () => {
    const c = await client('Carry Over Cafe');
    const first = (await read(c.cookie)).json<OnboardingView>();
    expect(first).toMatchObject({ status: 'draft', version: 0, files: [], updatedAt: null });
    expect(first.answers).toMatchObject({
      businessName: 'Carry Over Cafe',
      ownerName: 'Sam Example',
    });

    // A half-typed address and colour are a draft's business, not an error.
    const draft = { ...first.answers, goals: 'More', colours: ['#1a'], likedSites: ['https://'] };
    const saved = await save(c.cookie, 0, draft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1 });

    // Tab A saves from version 1; tab B, still on version 1, is refused and told so.
    const tabA = await save(c.cookie, 1, { ...draft, goals: 'More orders (tab A)' });
    expect(tabA.json()).toMatchObject({ version: 2 });
    const tabB = await save(c.cookie, 1, { ...draft, goals: 'Tab B' });
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json()).toMatchObject({ code: 'onboarding_conflict' });
    // A second first save (version 0) is as stale.
    expect((await save(c.cookie, 0, draft)).json()).toMatchObject({ code: 'onboarding_conflict' });

    const now = (await read(c.cookie)).json<OnboardingView>();
    expect(now.version).toBe(2);
    expect(now.answers.goals).toBe('More orders (tab A)');
    expect(now.answers.colours).toEqual(['#1a']);
    expect(now.updatedAt).not.toBeNull();
  });

  it('refuses a draft field over its limit with a field issue, never a 5xx', async () => {
    const res = await save(alice.cookie, 0, {
      ...emptyOnboardingAnswers(),
      goals: 'x'.repeat(ONBOARDING_LIMITS.longText + 1),
      likedSites: Array(ONBOARDING_LIMITS.likedSites + 1).fill('https://a.example'),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; issues: { field: string; code: string }[] }>();
    expect(body.code).toBe('validation');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'answers.goals', code: 'field_too_long' }),
        expect.objectContaining({ field: 'answers.likedSites' }),
      ]),
    );
    expect((await save(alice.cookie, 'one' as never, {})).statusCode).toBe(400);
  });

  it('submit names every field that stops it (400, codes per field) and sends nothing', async () => {
    const c = await client('Half Done Shop');
    const res = await submit(c.cookie, 0, {
      ...complete({ businessName: 'Half Done Shop' }),
      goals: '  ',
      colours: ['#12'],
      domain: 'not a domain',
      likedSites: ['javascript:alert(1)'],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; issues: { field: string; code: string }[] }>();
    expect(body.code).toBe('onboarding_incomplete');
    expect(body.issues.map((i) => [i.field, i.code])).toEqual([
      ['answers.goals', 'field_required'],
      ['answers.colours.0', 'field_colour'],
      ['answers.domain', 'field_domain'],
      ['answers.likedSites.0', 'field_web_address'],
    ]);
    expect(await teamMails('Half Done Shop')).toHaveLength(0);
    expect((await read(c.cookie)).json()).toMatchObject({ status: 'draft', version: 0 });
  });

  it('submit saves the answers, e-mails the team once, logs it, and closes the form', async () => {
    const c = await client('Submitted Studio', 'es');
    const logo = await upload(c.cookie, 'logo', await image(40, 40));
    expect(logo.statusCode, logo.body).toBe(201);
    await save(c.cookie, 0, complete({ businessName: 'Submitted Studio' }));

    const res = await submit(c.cookie, 1, complete({ businessName: 'Submitted Studio' }));
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<OnboardingView>();
    expect(view).toMatchObject({ status: 'submitted', version: 2 });
    expect(view.submittedAt).not.toBeNull();
    // Addresses are kept as the team can open them.
    expect(view.answers.social).toEqual([
      { network: 'instagram', url: 'https://instagram.com/demobakery' },
    ]);
    expect(view.answers.colours).toEqual(['#1a2b3c', '#ffffff']);

    const mails = await teamMails('Submitted Studio');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('team@example.com');
    expect(mails[0]!.body).toContain('Goals:\n  More orders online; show the menu.');
    expect(mails[0]!.body).toContain('Language: Spanish');
    expect(mails[0]!.body).toContain('Logo: uploaded; photos: 0');
    expect(mails[0]!.body).toContain(`Client id: ${c.registrationId}`);

    const logged = await db()
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.action, 'onboarding.submit'),
          eq(activityLog.subject, `client:${c.registrationId}`),
        ),
      );
    expect(logged).toHaveLength(1);
    expect(logged[0]!.actorEmail).toBe(c.email);
    expect(logged[0]!.detail).toMatchObject({ logo: true, photos: 0 });

    // Sent once: submitting, saving or changing files again is refused.
    const again = await submit(c.cookie, 2, complete({ businessName: 'Submitted Studio' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'onboarding_submitted' });
    expect((await save(c.cookie, 2, complete())).json()).toMatchObject({
      code: 'onboarding_submitted',
    });
    expect((await upload(c.cookie, 'photo', await image(20, 20))).statusCode).toBe(409);
    expect(await teamMails('Submitted Studio')).toHaveLength(1);
  });

  it('e-mails the submitted answers to the client’s project manager when one is assigned', async () => {
    const c = await client('Managed Studio');
    const pm = await signedInEmployee(ctx.app, db(), 'staff', 'Pat Manager');
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, pm.email));
    await createProjectManagers(db()).assignProjectManagerIfNone(c.registrationId, row!.id);
    const res = await submit(c.cookie, 0, complete({ businessName: 'Managed Studio' }));
    expect(res.statusCode, res.body).toBe(200);
    const mails = await teamMails('Managed Studio');
    expect(mails.map((m) => m.to)).toEqual([pm.email]);
  });

  it('takes a client’s logo and photos through the uploads checks: re-encoded WebP, no EXIF, a new logo replaces the old', async () => {
    const c = await client('Upload Shop');
    const first = await upload(c.cookie, 'logo', await image(3000, 1500, 'jpeg'), 'image/jpeg');
    expect(first.statusCode, first.body).toBe(201);
    const logo = first.json<OnboardingFile>();
    expect(logo).toMatchObject({
      kind: 'logo',
      contentType: 'image/webp',
      width: 1024,
      height: 512,
    });

    const bytes = await ctx.app.inject({
      url: apiPath(getOnboardingFile, { fileId: logo.id }),
      headers: { cookie: c.cookie },
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/webp');
    expect(bytes.headers['cache-control']).toContain('private');
    const meta = await sharp(bytes.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const second = (await upload(c.cookie, 'logo', await image(50, 50))).json<OnboardingFile>();
    const photo = (await upload(c.cookie, 'photo', await image(60, 40))).json<OnboardingFile>();
    const view = (await read(c.cookie)).json<OnboardingView>();
    expect(view.files.map((f) => [f.id, f.kind])).toEqual([
      [second.id, 'logo'],
      [photo.id, 'photo'],
    ]);
    const gone = await ctx.app.inject({
      url: apiPath(getOnboardingFile, { fileId: logo.id }),
      headers: { cookie: c.cookie },
    });
    expect(gone.statusCode).toBe(404);
    expect(
      fs.existsSync(
        path.join(dataDir, 'uploads', `onboarding/${c.registrationId}/${logo.id}.webp`),
      ),
    ).toBe(false);

    // Removing a photo removes its file.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: apiPath(deleteOnboardingFile, { fileId: photo.id }),
      headers: { cookie: c.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect((await read(c.cookie)).json<OnboardingView>().files).toHaveLength(1);
  });

  it('refuses bad files from a client with a code: not an image, a lie about the type, too large, a pixel bomb, an unknown kind', async () => {
    const cases: [Buffer, string, number, string][] = [
      [Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png', 415, 'image_type'],
      [Buffer.from('%PDF-1.7 not an image at all'), 'application/octet-stream', 415, 'image_type'],
      [Buffer.from('hello'), 'text/plain', 415, 'image_type'],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/png', 413, 'image_too_large'],
      [pngBomb(), 'image/png', 422, 'image_unreadable'],
    ];
    for (const [body, type, status, code] of cases) {
      const res = await upload(alice.cookie, 'photo', body, type);
      expect([res.statusCode, res.json<{ code: string }>().code], type).toEqual([status, code]);
    }
    const kindless = await upload(alice.cookie, 'banner', await image(10, 10));
    expect(kindless.statusCode).toBe(400);
    expect(kindless.json()).toMatchObject({ issues: [expect.objectContaining({ field: 'kind' })] });
    const stored = await db()
      .select()
      .from(onboardingFiles)
      .where(eq(onboardingFiles.registrationId, alice.registrationId));
    expect(stored).toHaveLength(0);
  });

  it(`keeps at most ${ONBOARDING_LIMITS.photos} photos per client`, async () => {
    const c = await client('Many Photos');
    const small = await image(8, 8);
    for (let i = 0; i < ONBOARDING_LIMITS.photos; i++)
      expect((await upload(c.cookie, 'photo', small)).statusCode).toBe(201);
    const over = await upload(c.cookie, 'photo', small);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'onboarding_too_many_photos',
      params: { max: ONBOARDING_LIMITS.photos },
    });
  });

  it('counts photos and swaps logos one upload at a time: parallel uploads never pass the limit or leave two logos', async () => {
    const c = await client('Parallel Photos');
    const small = await image(8, 8);
    for (let i = 0; i < ONBOARDING_LIMITS.photos - 2; i++)
      expect((await upload(c.cookie, 'photo', small)).statusCode).toBe(201);
    const photos = await Promise.all(
      Array.from({ length: 5 }, () => upload(c.cookie, 'photo', small)),
    );
    expect(photos.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    const logos = await Promise.all(
      Array.from({ length: 3 }, () => upload(c.cookie, 'logo', small)),
    );
    expect(logos.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const stored = await db()
      .select()
      .from(onboardingFiles)
      .where(eq(onboardingFiles.registrationId, c.registrationId));
    expect(stored.filter((f) => f.kind === 'photo')).toHaveLength(ONBOARDING_LIMITS.photos);
    expect(stored.filter((f) => f.kind === 'logo')).toHaveLength(1);
    // The files of the logos replaced are gone from the storage as well.
    const folder = path.join(dataDir, 'uploads', 'onboarding', c.registrationId);
    expect(fs.readdirSync(folder).sort()).toEqual(stored.map((f) => `${f.id}.webp`).sort());
  });

  it('limits a script: at most 30 uploads a minute from one address', async () => {
    const c = await client('Busy Uploader');
    const small = await image(4, 4);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(c.cookie, 'logo', small)).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a client never reads or changes another client’s onboarding or files', async () => {
    await save(alice.cookie, 0, complete({ businessName: 'Alice Bakery', goals: 'Alice only' }));
    const file = (await upload(alice.cookie, 'logo', await image(30, 30))).json<OnboardingFile>();

    const bobsView = (await read(bob.cookie)).json<OnboardingView>();
    expect(bobsView.answers.businessName).toBe('Bob Plumbing');
    expect(bobsView.files).toEqual([]);
    const peek = await ctx.app.inject({
      url: apiPath(getOnboardingFile, { fileId: file.id }),
      headers: { cookie: bob.cookie },
    });
    expect(peek.statusCode).toBe(404);
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: apiPath(deleteOnboardingFile, { fileId: file.id }),
      headers: { cookie: bob.cookie },
    });
    expect(remove.statusCode).toBe(404);
    // Bob's save writes Bob's row: Alice's answers stay hers.
    await save(bob.cookie, 0, complete({ businessName: 'Bob Plumbing', goals: 'Bob' }));
    expect((await read(alice.cookie)).json<OnboardingView>().answers.goals).toBe('Alice only');
    expect((await read(alice.cookie)).json<OnboardingView>().files).toHaveLength(1);
    // The employees' routes are not a client's way in.
    const viaAdmin = await ctx.app.inject({
      url: apiPath(getClientOnboarding, { id: alice.registrationId }),
      headers: { cookie: bob.cookie },
    });
    expect(viaAdmin.statusCode).toBe(401);
  });

  it('every employee (staff and owner) sees any client’s answers and files; visitors see nothing (decision 038)', async () => {
    const file = (await upload(bob.cookie, 'photo', await image(30, 20))).json<OnboardingFile>();
    const owner = await signedInEmployee(ctx.app, db(), 'owner');
    for (const cookie of [ctx.cookie, owner.cookie]) {
      const res = await ctx.app.inject({
        url: apiPath(getClientOnboarding, { id: bob.registrationId }),
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<OnboardingView>().files.map((f) => f.id)).toContain(file.id);
      const image = await ctx.app.inject({
        url: apiPath(getClientOnboardingFile, { id: bob.registrationId, fileId: file.id }),
        headers: { cookie },
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
    // A file is reached only through its own client: another client's id with it is unknown.
    const crossed = await ctx.app.inject({
      url: apiPath(getClientOnboardingFile, { id: alice.registrationId, fileId: file.id }),
      headers: { cookie: ctx.cookie },
    });
    expect(crossed.statusCode).toBe(404);
    const visitor = await ctx.app.inject({
      url: apiPath(getClientOnboardingFile, { id: bob.registrationId, fileId: file.id }),
    });
    expect(visitor.statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      url: apiPath(getClientOnboarding, { id: '00000000-0000-4000-8000-000000000000' }),
      headers: { cookie: ctx.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const notAnId = await ctx.app.inject({
      url: apiPath(getClientOnboarding, { id: 'nope' }),
      headers: { cookie: ctx.cookie },
    });
    expect(notAnId.statusCode).toBe(404);
    // The files are never at a public address.
    const publicPath = await ctx.app.inject({
      url: `/uploads/onboarding/${bob.registrationId}/${file.id}.webp`,
    });
    expect(publicPath.statusCode).toBe(404);
  });
});
