import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteOnboardingFile,
  getClientOnboardingFile,
  getOnboardingFile,
  uploadOnboardingFile,
  type OnboardingFile,
} from '../../../contract/onboarding/onboarding.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { accountCookie, paidRegistration } from '../../test/billing.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { startFakeS3 } from '../../test/fake-s3.js';

// A client's onboarding images kept in an S3 bucket (a local fake S3 that checks signatures):
// checked and re-encoded by the app before they reach the bucket, read back only through the API.
const KEYS = {
  bucket: 'client-files',
  region: 'us-east-1',
  accessKeyId: 'AKIAFAKEFAKEFAKE',
  secretAccessKey: 'fake-secret-for-tests-only',
};
let fake: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  fake = await startFakeS3(KEYS);
});
afterAll(() => fake.close());

describe.each(TEST_DATABASES)('onboarding images in a bucket on %s', (kind) => {
  const ctx = appUnderTest(kind, () => ({
    config: testConfig(fake.env()),
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
    accountRateLimit: 1000,
  }));

  it('stores the re-encoded image under the client’s private folder and serves it from there', async () => {
    const paid = await paidRegistration(ctx, 'growing');
    const cookie = await accountCookie(ctx, paid.email);
    const png = await sharp({
      create: { width: 1600, height: 800, channels: 4, background: '#0f766e' },
    })
      .withExif({ IFD0: { ImageDescription: '12 Home Street' } })
      .png()
      .toBuffer();
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath(uploadOnboardingFile, {}, { kind: 'photo' }),
      headers: { cookie, 'content-type': 'image/png' },
      payload: png,
    });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<OnboardingFile>();
    const key = `onboarding/${paid.registrationId}/${file.id}.webp`;
    const stored = fake.objects.get(key);
    expect(stored, [...fake.objects.keys()].join(', ')).toBeDefined();
    expect(stored!.contentType).toBe('image/webp');
    const meta = await sharp(stored!.body).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 1600, undefined]);

    for (const [url, headers] of [
      [apiPath(getOnboardingFile, { fileId: file.id }), { cookie }],
      [
        apiPath(getClientOnboardingFile, { id: paid.registrationId, fileId: file.id }),
        { cookie: ctx.cookie },
      ],
    ] as const) {
      const read = await ctx.app.inject({ url, headers });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(stored!.body)).toBe(true);
    }

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: apiPath(deleteOnboardingFile, { fileId: file.id }),
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(fake.objects.has(key)).toBe(false);
  });
});
