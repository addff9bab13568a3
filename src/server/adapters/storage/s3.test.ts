import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { uploads } from '../../db/schema.js';
import { createUploadService, type UploadService } from '../../features/uploads/service.js';
import { securityHeaders } from '../../http/security.js';
import { createTestDatabase, TEST_DATABASES, testConfig, type TestDatabase } from '../../test/databases.js';
import { signedInEmployee } from '../../test/employees.js';
import { startFakeS3 } from '../../test/fake-s3.js';
import { storageOrigins } from './index.js';
import { createS3Storage, s3PublicBase, s3UploadOrigin } from './s3.js';

const KEYS = { bucket: 'logos', region: 'us-east-1', accessKeyId: 'AKIAFAKEFAKEFAKE', secretAccessKey: 'fake-secret-for-tests-only' };
let fake: Awaited<ReturnType<typeof startFakeS3>>;
const options = (overrides: object = {}) => ({ kind: 's3' as const, ...KEYS, endpoint: fake.url, forcePathStyle: true, ...overrides });
const env = () => ({ S3_BUCKET: KEYS.bucket, S3_ENDPOINT: fake.url, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey });
const logo = (size = 1024) =>
  sharp({ create: { width: size, height: size, channels: 4, background: '#1d4ed8' } }).withExif({ IFD0: { Copyright: 'Private' } }).png().toBuffer();
/** fetch's types take a Uint8Array over a plain ArrayBuffer, which a Buffer may not be. */
const bodyOf = (body: string | Buffer) => (typeof body === 'string' ? body : new Uint8Array(body));
const text = async (stream: Readable | null) => (stream ? Buffer.concat(await stream.toArray()).toString() : null);

beforeAll(async () => {
  fake = await startFakeS3(KEYS);
});
afterAll(() => fake.close());

describe('S3 storage against a local fake S3', () => {
  it('hands out a presigned PUT that works with fetch for 15 minutes, for the signed content type only', async () => {
    const storage = createS3Storage(options());
    const target = (await storage.uploadTarget('incoming/app-logo/one', 'image/png'))!;
    expect(target).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' } });
    const url = new URL(target.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/logos/incoming/app-logo/one`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');

    const put = (href: string, type: string, body: string | Buffer) => fetch(href, { method: 'PUT', headers: { 'content-type': type }, body: bodyOf(body) });
    const wrongType = await put(target.url, 'text/html', '<script>alert(1)</script>');
    expect([wrongType.status, await wrongType.text()]).toEqual([403, expect.stringContaining('SignatureDoesNotMatch')]);
    expect((await put(target.url.replace('/one?', '/two?'), 'image/png', 'x')).status).toBe(403);
    const png = await logo(8);
    expect((await put(target.url, 'image/png', png)).status).toBe(200);
    expect(fake.objects.get('incoming/app-logo/one')).toEqual({ body: png, contentType: 'image/png' });

    fake.state.clockSkewMs = 16 * 60 * 1000;
    const late = await put(target.url, 'image/png', png);
    fake.state.clockSkewMs = 0;
    expect([late.status, await late.text()]).toEqual([403, expect.stringContaining('Request has expired')]);
  });

  it('puts, heads, reads a range and removes through the SDK (signatures checked)', async () => {
    const storage = createS3Storage(options());
    await storage.put('app-logo/a.webp', Buffer.from('RIFF....WEBPVP8 '), 'image/webp');
    expect(await storage.head('app-logo/a.webp')).toEqual({ size: 16, contentType: 'image/webp' });
    expect(await text(await storage.get('app-logo/a.webp', { start: 8, end: 11 }))).toBe('WEBP');
    await storage.remove('app-logo/a.webp');
    await storage.remove('app-logo/a.webp');
    expect(await storage.head('app-logo/a.webp')).toBeNull();
    expect(await storage.get('app-logo/a.webp')).toBeNull();
    await expect(createS3Storage(options({ secretAccessKey: 'wrong' })).head('app-logo/a.webp')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it('names public URLs and the origins the CSP must allow', () => {
    expect(createS3Storage(options()).publicUrl('app-logo/a.webp')).toBe(`${fake.url}/logos/app-logo/a.webp`);
    const aws = { kind: 's3' as const, bucket: 'logos', region: 'eu-west-1', forcePathStyle: false };
    expect([s3UploadOrigin(aws), s3PublicBase(aws)]).toEqual(['https://logos.s3.eu-west-1.amazonaws.com', 'https://logos.s3.eu-west-1.amazonaws.com']);
    expect(s3PublicBase({ ...aws, publicUrl: 'https://cdn.example' })).toBe('https://cdn.example');
    const csp = securityHeaders({ httpsOnly: false, storage: storageOrigins(testConfig(env())) })['content-security-policy']!;
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${fake.url};`));
    expect(csp).toMatch(new RegExp(`img-src [^;]*${fake.url}`));
    expect(storageOrigins(testConfig())).toBeUndefined();
  });
});

describe.each(TEST_DATABASES)('logos in a bucket on %s', (kind) => {
  let testDb: TestDatabase;
  let service: UploadService;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { seed: false });
    service = createUploadService({ db: testDb.database.db, storage: createS3Storage(options()) });
    app = await buildApp({ config: testConfig(env()), database: testDb.database });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  async function sent(body: Buffer | string, type: string, signedType?: string) {
    const ticket = await service.createUpload('app-logo', 'employee-1', signedType);
    const res = await fetch(ticket.uploadURL, { method: 'PUT', headers: { 'content-type': type }, body: bodyOf(body) });
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
    expect([stored.contentType, meta.format, meta.width, meta.exif]).toEqual(['image/webp', 'webp', 512, undefined]);
    expect(fake.objects.has(`incoming/app-logo/${id}`)).toBe(false);
    expect(fake.requests).toContainEqual({ method: 'GET', key: `incoming/app-logo/${id}`, presigned: false, range: 'bytes=0-4099' });
    expect(await service.confirmUpload(ticket.publicUrl)).toBe(final);
    expect(await service.confirmUpload(final)).toBe(final);
    const [row] = await testDb.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ status: 'stored', publicUrl: final, bytes: stored.body.length });
  });

  it('refuses an object that is too big, declared as another type, not an image, or missing', async () => {
    const cases = [
      { ticket: await sent(Buffer.alloc(6 * 1024 * 1024, 1), 'image/png'), status: 413, message: 'Logo file size must be less than 5MB' },
      { ticket: await sent(await logo(16), 'text/plain'), status: 415, message: 'Only PNG, JPEG and WebP images can be uploaded.' },
      { ticket: await sent('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/png'), status: 415, message: 'Only PNG, JPEG and WebP images can be uploaded.' },
      { ticket: await service.createUpload('portfolio-logo', 'employee-1'), status: 422, message: 'The logo file has not arrived. Please upload the logo again.' },
    ];
    for (const { ticket, status, message } of cases) {
      await expect(service.confirmUpload(ticket.publicUrl)).rejects.toMatchObject({ statusCode: status, message });
      expect(fake.objects.has(`${new URL(ticket.publicUrl).pathname.replace('/logos/incoming/', '')}.webp`)).toBe(false);
    }
    // The SVG was refused on its first bytes, without reading the whole object.
    const svgKey = new URL(cases[2]!.ticket.publicUrl).pathname.replace('/logos/', '');
    expect(fake.requests.filter((r) => r.key === svgKey && r.method === 'GET').map((r) => r.range)).toEqual(['bytes=0-4099']);
  });

  it('the app hands out presigned URLs, allows the bucket in its CSP and serves no files itself', async () => {
    const { cookie } = await signedInEmployee(app, testDb.database.db);
    const res = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { purpose: 'portfolio-logo', contentType: 'image/webp' } });
    expect(res.statusCode).toBe(200);
    const ticket = res.json<{ uploadURL: string; publicUrl: string; headers: Record<string, string> }>();
    expect(ticket.uploadURL.startsWith(`${fake.url}/logos/incoming/portfolio-logo/`)).toBe(true);
    expect(ticket.uploadURL).toContain('X-Amz-Signature=');
    expect(ticket.headers).toEqual({ 'content-type': 'image/webp' });
    // The pages' CSP (on every answer outside /api) lets the browser PUT to the bucket.
    const noFile = await app.inject({ url: '/uploads/portfolio-logo/00000000-0000-4000-8000-000000000000.webp' });
    expect(noFile.statusCode).toBe(404);
    expect(noFile.headers['content-security-policy']).toContain(`connect-src 'self' ${fake.url}`);
  });
});
