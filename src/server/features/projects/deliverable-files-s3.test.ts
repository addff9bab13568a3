import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getClientDeliverableFile,
  getClientProject,
  getDeliverableFile,
  uploadDeliverableFile,
  type Project,
} from '../../../contract/projects/projects.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { accountCookie, paidRegistration } from '../../test/billing.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { startFakeS3 } from '../../test/fake-s3.js';

// A milestone's PDF kept in an S3 bucket (a local fake S3 that checks signatures): stored as it
// came under the project's private folder, read back only through the API, replaced cleanly.
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

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'latin1');

describe.each(TEST_DATABASES)('deliverable files in a bucket on %s', (kind) => {
  const ctx = appUnderTest(kind, () => ({
    role: 'staff',
    config: testConfig(fake.env()),
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
    accountRateLimit: 1000,
  }));

  it('stores a PDF privately in the bucket, serves it to the team and the client, replaces it', async () => {
    const paid = await paidRegistration(ctx, 'growing');
    const cookie = await accountCookie(ctx, paid.email);
    const project = (
      await ctx.app.inject({ url: apiPath(getClientProject), headers: { cookie } })
    ).json<{ project: Project }>().project;
    const design = project.milestoneTracks[0]!.milestones[1]!;
    const send = (body: Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: apiPath(uploadDeliverableFile, { id: design.id }),
        headers: { cookie: ctx.cookie, 'content-type': 'application/pdf' },
        payload: body,
      });
    const first = pdf('first');
    expect((await send(first)).statusCode).toBe(200);
    const keys = () =>
      [...fake.objects.keys()].filter((k) => k.startsWith(`project/${project.id}/`));
    expect(keys()).toHaveLength(1);
    const stored = fake.objects.get(keys()[0]!)!;
    expect(keys()[0]).toMatch(/\.pdf$/);
    expect(stored.contentType).toBe('application/pdf');
    expect(stored.body.equals(first)).toBe(true);

    for (const [url, headers] of [
      [apiPath(getDeliverableFile, { id: design.id }), { cookie: ctx.cookie }],
      [apiPath(getClientDeliverableFile, { id: design.id }), { cookie }],
    ] as const) {
      const read = await ctx.app.inject({ url, headers });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-disposition']).toMatch(/^attachment/);
      expect(read.rawPayload.equals(first)).toBe(true);
    }

    // A new file replaces the old one in the bucket too.
    const second = pdf('second');
    expect((await send(second)).statusCode).toBe(200);
    expect(keys()).toHaveLength(1);
    expect(fake.objects.get(keys()[0]!)!.body.equals(second)).toBe(true);
  });
});
