import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestUpload } from '../../../contract/uploads/uploads.js';
import { createS3Storage } from '../../adapters/storage/s3.js';
import { uploads } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { signedInEmployee } from '../../test/employees.js';
import { startFakeS3 } from '../../test/fake-s3.js';
import { createUploadService, type UploadService } from './service.js';

// Logos kept in an S3 bucket (a local fake S3 that checks signatures); the storage itself is
// tested in adapters/storage/s3.test.ts.
const KEYS = {
  bucket: 'logos',
  region: 'us-east-1',
  accessKeyId: 'AKIAFAKEFAKEFAKE',
  secretAccessKey: 'fake-secret-for-tests-only',
};
let fake: Awaited<ReturnType<typeof startFakeS3>>;
const options = (overrides: object = {}) => ({
  kind: 's3' as const,
  ...KEYS,
  endpoint: fake.url,
  forcePathStyle: true,
  ...overrides,
});
const env = () => fake.env();
const logo = (size = 1024) =>
  sharp({ create: { width: size, height: size, channels: 4, background: '#1d4ed8' } })
    .withExif({ IFD0: { Copyright: 'Private' } })
    .png()
    .toBuffer();
/** fetch's types take a Uint8Array over a plain ArrayBuffer, which a Buffer may not be. */
const bodyOf = (body: string | Buffer) => (typeof body === 'string' ? body : new Uint8Array(body));

beforeAll(async () => {
  fake = await startFakeS3(KEYS);
});
afterAll(() => fake.close());

describe.each(TEST_DATABASES)('logos in a bucket on %s', (kind) => {
  const ctx = appUnderTest(kind, () => ({ config: testConfig(env()), seed: false, role: null }));
  let service: UploadService;

  beforeAll(() => {
    service = createUploadService({
      db: ctx.testDb.database.db,
      storage: createS3Storage(options()),
    });
  });

  async function sent(body: Buffer | string, type: string, signedType?: string) {
    const ticket = await service.createUpload('app-logo', 'employee-1', signedType);
    const res = await fetch(ticket.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': type },
      body: bodyOf(body),
    });
    expect(res.status).toBe(200);
    return ticket;
  }

  it('confirms an upload by re-encoding it under its final name (first bytes checked by a ranged read)', async () => {
    const ticket = await sent(await logo(), 'image/png', 'image/png');
    const id = /incoming\/app-logo\/([0-9a-f-]{36})$/.exec(ticket.publicUrl)![1]!;
    const final = await service.confirmUpload(ticket.publicUrl);
    expect(final).toBe(`${fake.url}/logos/app-logo/${id}.webp`);
    const stored = fake.objects.get(`app-logo/${id}.webp`)!;
    const meta = await sharp(stored.body).metadata();
    expect([stored.contentType, meta.format, meta.width, meta.exif]).toEqual([
      'image/webp',
      'webp',
      512,
      undefined,
    ]);
    expect(fake.objects.has(`incoming/app-logo/${id}`)).toBe(false);
    expect(fake.requests).toContainEqual({
      method: 'GET',
      key: `incoming/app-logo/${id}`,
      presigned: false,
      range: 'bytes=0-4099',
    });
    expect(await service.confirmUpload(ticket.publicUrl)).toBe(final);
    expect(await service.confirmUpload(final)).toBe(final);
    const [row] = await ctx.testDb.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ status: 'stored', publicUrl: final, bytes: stored.body.length });
  });

  it('refuses an object that is too big, declared as another type, not an image, or missing', async () => {
    const cases = [
      {
        ticket: await sent(Buffer.alloc(6 * 1024 * 1024, 1), 'image/png'),
        status: 413,
        message: 'Logo file size must be less than 5MB',
      },
      {
        ticket: await sent(await logo(16), 'text/plain'),
        status: 415,
        message: 'Only PNG, JPEG and WebP images can be uploaded.',
      },
      {
        ticket: await sent('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/png'),
        status: 415,
        message: 'Only PNG, JPEG and WebP images can be uploaded.',
      },
      {
        ticket: await service.createUpload('portfolio-logo', 'employee-1'),
        status: 422,
        message: 'The logo file has not arrived. Please upload the logo again.',
      },
    ];
    for (const { ticket, status, message } of cases) {
      await expect(service.confirmUpload(ticket.publicUrl)).rejects.toMatchObject({
        statusCode: status,
        message,
      });
      expect(
        fake.objects.has(
          `${new URL(ticket.publicUrl).pathname.replace('/logos/incoming/', '')}.webp`,
        ),
      ).toBe(false);
    }
    // The SVG was refused on its first bytes, without reading the whole object.
    const svgKey = new URL(cases[2]!.ticket.publicUrl).pathname.replace('/logos/', '');
    expect(
      fake.requests.filter((r) => r.key === svgKey && r.method === 'GET').map((r) => r.range),
    ).toEqual(['bytes=0-4099']);
  });

  it('the app hands out presigned URLs, allows the bucket in its CSP and serves no files itself', async () => {
    const { cookie } = await signedInEmployee(ctx.app, ctx.testDb.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath(requestUpload),
      headers: { cookie },
      payload: { purpose: 'portfolio-logo', contentType: 'image/webp' },
    });
    expect(res.statusCode).toBe(200);
    const ticket = res.json<{
      uploadURL: string;
      publicUrl: string;
      headers: Record<string, string>;
    }>();
    expect(ticket.uploadURL.startsWith(`${fake.url}/logos/incoming/portfolio-logo/`)).toBe(true);
    expect(ticket.uploadURL).toContain('X-Amz-Signature=');
    expect(ticket.headers).toEqual({ 'content-type': 'image/webp' });
    // The pages' CSP (on every answer outside /api) lets the browser PUT to the bucket.
    const noFile = await ctx.app.inject({
      url: '/uploads/portfolio-logo/00000000-0000-4000-8000-000000000000.webp',
    });
    expect(noFile.statusCode).toBe(404);
    expect(noFile.headers['content-security-policy']).toContain(`connect-src 'self' ${fake.url}`);
  });
});
