import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  approveMilestone,
  getClientDeliverableFile,
  getClientProject,
  getDeliverableFile,
  removeDeliverableFile,
  sendMilestoneForReview,
  uploadDeliverableFile,
  type AdminProject,
  type Milestone,
  type Project,
} from '../../../contract/projects/projects.js';
import { activityLog, projectMilestones } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { accountCookie, billingFor, paidRegistration } from '../../test/billing.js';
import { TEST_DATABASES } from '../../test/databases.js';

/** An image carrying EXIF the client must never receive. */
const png = () =>
  sharp({
    create: { width: 64, height: 48, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } },
  })
    .withExif({ IFD0: { ImageDescription: 'Secret studio address' } })
    .png()
    .toBuffer();
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

describe.each(TEST_DATABASES)('deliverable files on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    role: 'staff',
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
    accountRateLimit: 10_000,
  });
  beforeEach(async () => {
    await billingFor(ctx).clock.reset();
  });

  const upload = (milestoneId: string, body: Buffer, type: string, cookie = ctx.cookie) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(uploadDeliverableFile, { id: milestoneId }),
      headers: { cookie, 'content-type': type },
      payload: body,
    });
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  async function payingClient() {
    const paid = await paidRegistration(ctx, 'growing', undefined, {
      businessName: `Studio ${Math.random().toString(36).slice(2, 7)}`,
    });
    const cookie = await accountCookie(ctx, paid.email);
    const seen = await get(apiPath(getClientProject), cookie);
    expect(seen.statusCode).toBe(200);
    const project = seen.json<{ project: Project }>().project;
    const milestone = (track: string, stage: string) =>
      project.milestoneTracks
        .find((t) => t.kind === track)!
        .milestones.find((m) => m.stage === stage)!;
    return { ...paid, cookie, project, milestone };
  }
  const milestoneIn = (project: Project, id: string): Milestone =>
    project.milestoneTracks.flatMap((t) => t.milestones).find((m) => m.id === id)!;

  it('keeps an image re-encoded and private; the client reads it, another client cannot', async () => {
    const a = await payingClient();
    const b = await payingClient();
    const design = a.milestone('website', 'design');
    expect(design.deliverableFile).toBeNull();

    const res = await upload(design.id, await png(), 'image/png');
    expect(res.statusCode).toBe(200);
    const file = milestoneIn(res.json<AdminProject>(), design.id).deliverableFile;
    expect(file).toMatchObject({ contentType: 'image/webp' });
    expect(file!.bytes).toBeGreaterThan(0);
    // Kept under a private name, never a public address.
    const [row] = await ctx.testDb.database.db
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.id, design.id));
    expect(row!.deliverableFileKey).toMatch(/^project\/[0-9a-f-]+\/[0-9a-f-]+\.webp$/);
    expect(row!.deliverableUrl).toBeNull();
    const logged = await ctx.testDb.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subject, 'project deliverable file'));
    expect(logged.some((l) => l.action === 'upload')).toBe(true);

    // The team reads it.
    const team = await get(apiPath(getDeliverableFile, { id: design.id }), ctx.cookie);
    expect(team.statusCode).toBe(200);
    expect(team.headers['content-type']).toBe('image/webp');
    expect(team.headers['content-disposition']).toMatch(/^inline/);
    expect(team.headers['x-content-type-options']).toBe('nosniff');
    expect(team.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(team.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    // Sent for review with only the file: the client sees it and reads it through their route.
    const sent = await ctx.app.inject({
      method: 'POST',
      url: apiPath(sendMilestoneForReview, { id: design.id }),
      headers: { cookie: ctx.cookie },
      payload: {},
    });
    expect(sent.statusCode).toBe(200);
    const seen = (await get(apiPath(getClientProject), a.cookie)).json<{ project: Project }>();
    expect(milestoneIn(seen.project, design.id)).toMatchObject({
      status: 'in_review',
      deliverableUrl: null,
      deliverableFile: { contentType: 'image/webp' },
    });
    const mine = await get(apiPath(getClientDeliverableFile, { id: design.id }), a.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['content-disposition']).toMatch(/^inline/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(mine.rawPayload, team.rawPayload)).toBe(0);

    // Another client: as if it did not exist. A visitor: signed out.
    const other = await get(apiPath(getClientDeliverableFile, { id: design.id }), b.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'deliverable_not_found' });
    const visitor = await get(apiPath(getClientDeliverableFile, { id: design.id }));
    expect(visitor.statusCode).toBe(401);
    expect((await get(apiPath(getDeliverableFile, { id: design.id }))).statusCode).toBe(401);
    // A client's billing session is not an employee's.
    expect((await get(apiPath(getDeliverableFile, { id: design.id }), a.cookie)).statusCode).toBe(
      401,
    );
    const visitorUpload = await upload(design.id, await png(), 'image/png', '');
    expect(visitorUpload.statusCode).toBe(401);

    // The client approves what they saw.
    const approved = await ctx.app.inject({
      method: 'POST',
      url: apiPath(approveMilestone, { id: design.id }),
      headers: { cookie: a.cookie },
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
  });

  it('keeps a PDF as it came, served as a download; a new file replaces it', async () => {
    const a = await payingClient();
    const script = a.milestone('commercial-1', 'script');
    const res = await upload(script.id, pdf, 'application/pdf');
    expect(res.statusCode).toBe(200);
    expect(milestoneIn(res.json<AdminProject>(), script.id).deliverableFile).toEqual({
      contentType: 'application/pdf',
      bytes: pdf.length,
    });
    const read = await get(apiPath(getClientDeliverableFile, { id: script.id }), a.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['content-disposition']).toBe(
      'attachment; filename="commercial-1-script.pdf"',
    );
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(read.rawPayload, pdf)).toBe(0);

    // A PDF sent as octet-stream is recognised by its first bytes too; it replaces the first.
    const [before] = await ctx.testDb.database.db
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.id, script.id));
    const second = Buffer.concat([pdf, Buffer.from('% second version\n')]);
    expect((await upload(script.id, second, 'application/octet-stream')).statusCode).toBe(200);
    const [after] = await ctx.testDb.database.db
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.id, script.id));
    expect(after!.deliverableFileKey).not.toBe(before!.deliverableFileKey);
    expect(after!.deliverableFileBytes).toBe(second.length);
    const team = await get(apiPath(getDeliverableFile, { id: script.id }), ctx.cookie);
    expect(Buffer.compare(team.rawPayload, second)).toBe(0);

    // Taken off: nothing to read any more, and nothing to send for review.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: apiPath(removeDeliverableFile, { id: script.id }),
      headers: { cookie: ctx.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(milestoneIn(removed.json<AdminProject>(), script.id).deliverableFile).toBeNull();
    const gone = await get(apiPath(getClientDeliverableFile, { id: script.id }), a.cookie);
    expect(gone.statusCode).toBe(404);
    const nothing = await ctx.app.inject({
      method: 'POST',
      url: apiPath(sendMilestoneForReview, { id: script.id }),
      headers: { cookie: ctx.cookie },
      payload: {},
    });
    expect(nothing.statusCode).toBe(422);
  });

  it('refuses other files with a code, and unknown milestones with a 404', async () => {
    const a = await payingClient();
    const design = a.milestone('website', 'design');
    const cases: [Buffer, string, number, string][] = [
      [Buffer.from('<svg onload="alert(1)"></svg>'), 'image/svg+xml', 415, 'deliverable_type'],
      [
        Buffer.from('PK\u0003\u0004 a zip file'),
        'application/octet-stream',
        415,
        'deliverable_type',
      ],
      [Buffer.from('just text'), 'text/plain', 415, 'deliverable_type'],
      [Buffer.alloc(0), 'application/pdf', 415, 'deliverable_type'],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'application/pdf', 413, 'deliverable_too_large'],
    ];
    for (const [body, type, status, code] of cases) {
      const res = await upload(design.id, body, type);
      expect(res.statusCode, `${type} ${status}`).toBe(status);
      expect(res.json()).toMatchObject({ code });
    }
    // A PNG whose pixels are damaged: recognised as an image, unreadable.
    const good = await png();
    const broken = Buffer.concat([good.subarray(0, 60), Buffer.alloc(200, 7)]);
    const damaged = await upload(design.id, broken, 'image/png');
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json()).toMatchObject({ code: 'deliverable_unreadable' });
    // Nothing was attached by any of them.
    const seen = (await get(apiPath(getClientProject), a.cookie)).json<{ project: Project }>();
    expect(milestoneIn(seen.project, design.id).deliverableFile).toBeNull();

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await upload(unknown, pdf, 'application/pdf')).statusCode).toBe(404);
    expect((await get(apiPath(getDeliverableFile, { id: unknown }), ctx.cookie)).statusCode).toBe(
      404,
    );
    expect(
      (await get(apiPath(getClientDeliverableFile, { id: 'not-a-uuid' }), a.cookie)).statusCode,
    ).toBe(404);
  });
});
