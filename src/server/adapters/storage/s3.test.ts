import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../http/security.js';
import { testConfig } from '../../test/databases.js';
import { startFakeS3 } from '../../test/fake-s3.js';
import { storageOrigins } from './index.js';
import { createS3Storage, s3PublicBase, s3UploadOrigin } from './s3.js';

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
const env = () => ({
  S3_BUCKET: KEYS.bucket,
  S3_ENDPOINT: fake.url,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: KEYS.accessKeyId,
  S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
});
const logo = (size = 1024) =>
  sharp({ create: { width: size, height: size, channels: 4, background: '#1d4ed8' } })
    .withExif({ IFD0: { Copyright: 'Private' } })
    .png()
    .toBuffer();
/** fetch's types take a Uint8Array over a plain ArrayBuffer, which a Buffer may not be. */
const bodyOf = (body: string | Buffer) => (typeof body === 'string' ? body : new Uint8Array(body));
const text = async (stream: Readable | null) =>
  stream ? Buffer.concat(await stream.toArray()).toString() : null;

beforeAll(async () => {
  fake = await startFakeS3(KEYS);
});
afterAll(() => fake.close());

// The uploads feature on this storage (confirming logos, the app's presigned URLs) is tested in
// features/uploads/s3-uploads.test.ts.
describe('S3 storage against a local fake S3', () => {
  it('hands out a presigned PUT that works with fetch for 15 minutes, for the signed content type only', async () => {
    const storage = createS3Storage(options());
    const target = (await storage.uploadTarget('incoming/app-logo/one', 'image/png'))!;
    expect(target).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' } });
    const url = new URL(target.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/logos/incoming/app-logo/one`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');

    const put = (href: string, type: string, body: string | Buffer) =>
      fetch(href, { method: 'PUT', headers: { 'content-type': type }, body: bodyOf(body) });
    const wrongType = await put(target.url, 'text/html', '<script>alert(1)</script>');
    expect([wrongType.status, await wrongType.text()]).toEqual([
      403,
      expect.stringContaining('SignatureDoesNotMatch'),
    ]);
    expect((await put(target.url.replace('/one?', '/two?'), 'image/png', 'x')).status).toBe(403);
    const png = await logo(8);
    expect((await put(target.url, 'image/png', png)).status).toBe(200);
    expect(fake.objects.get('incoming/app-logo/one')).toEqual({
      body: png,
      contentType: 'image/png',
    });

    fake.state.clockSkewMs = 16 * 60 * 1000;
    const late = await put(target.url, 'image/png', png);
    fake.state.clockSkewMs = 0;
    expect([late.status, await late.text()]).toEqual([
      403,
      expect.stringContaining('Request has expired'),
    ]);
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
    await expect(
      createS3Storage(options({ secretAccessKey: 'wrong' })).head('app-logo/a.webp'),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it('names public URLs and the origins the CSP must allow', () => {
    expect(createS3Storage(options()).publicUrl('app-logo/a.webp')).toBe(
      `${fake.url}/logos/app-logo/a.webp`,
    );
    const aws = {
      kind: 's3' as const,
      bucket: 'logos',
      region: 'eu-west-1',
      forcePathStyle: false,
    };
    expect([s3UploadOrigin(aws), s3PublicBase(aws)]).toEqual([
      'https://logos.s3.eu-west-1.amazonaws.com',
      'https://logos.s3.eu-west-1.amazonaws.com',
    ]);
    expect(s3PublicBase({ ...aws, publicUrl: 'https://cdn.example' })).toBe('https://cdn.example');
    const csp = securityHeaders({ httpsOnly: false, storage: storageOrigins(testConfig(env())) })[
      'content-security-policy'
    ]!;
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${fake.url};`));
    expect(csp).toMatch(new RegExp(`img-src [^;]*${fake.url}`));
    expect(storageOrigins(testConfig())).toBeUndefined();
  });
});
