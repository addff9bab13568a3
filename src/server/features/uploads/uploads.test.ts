import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { requestUpload, uploadToLink } from '../../../contract/uploads/uploads.js';
import { createStorage } from '../../adapters/storage/index.js';
import { activityLog, portfolioItems, uploads } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { createUploadCleanup, removeUnusedUploads } from './cleanup.js';
import { createUploadService } from './service.js';
import { pngBomb } from '../../test/images.js';

interface Ticket {
  uploadURL: string;
  publicUrl: string;
}

/** A half-transparent image carrying EXIF a visitor must never see (and, optionally, an orientation). */
function image(
  width: number,
  height: number,
  format: 'png' | 'jpeg' = 'png',
  orientation?: number,
) {
  const pipeline = sharp({
    create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } },
  })
    .withExif({ IFD0: { Copyright: 'Private Camera Owner', ImageDescription: '12 Home Street' } })
    .withMetadata(orientation ? { orientation } : {});
  return format === 'png' ? pipeline.png().toBuffer() : pipeline.jpeg().toBuffer();
}

describe.each(TEST_DATABASES)('logo uploads on %s', (kind) => {
  let dataDir: string;
  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const ctx = appUnderTest(kind, () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
    return { config: testConfig({ DATA_DIR: dataDir }), seed: false };
  });

  const db = () => ctx.testDb.database.db;
  const ask = async (purpose?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath(requestUpload),
      headers: { cookie: ctx.cookie },
      ...(purpose ? { payload: { purpose } } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Ticket>();
  };
  const send = (
    url: string,
    body: Buffer | string,
    type = 'image/png',
    headers: Record<string, string> = { cookie: ctx.cookie },
  ) =>
    ctx.app.inject({
      method: 'PUT',
      url,
      headers: { ...headers, 'content-type': type },
      payload: body,
    });
  const fileOf = (publicUrl: string) =>
    path.join(dataDir, 'uploads', publicUrl.replace(/^\/uploads\//, ''));
  const rowOf = async (publicUrl: string) =>
    (await db().select().from(uploads).where(eq(uploads.publicUrl, publicUrl)))[0];
  const services = () => {
    const storage = createStorage(ctx.config);
    return { storage, uploads: createUploadService({ db: db(), storage }) };
  };

  it('answers 401 to a visitor, without using up the link', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: apiPath(requestUpload), payload: {} }))
        .statusCode,
    ).toBe(401);
    const ticket = await ask();
    const visitor = await send(ticket.uploadURL, await image(64, 64), 'image/png', {});
    expect(visitor.statusCode).toBe(401);
    expect((await send(ticket.uploadURL, await image(64, 64))).statusCode).toBe(200);
  });

  it('re-encodes a PNG (orientation applied, at most 512 px, no EXIF) and serves it with nosniff and immutable caching', async () => {
    const original = await image(1024, 512, 'png', 6);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const ticket = await ask();
    expect(ticket.uploadURL).toMatch(/^\/api\/objects\/upload\/[A-Za-z0-9_-]{43}$/);
    expect(ticket.publicUrl).toMatch(/^\/uploads\/app-logo\/[0-9a-f-]{36}\.webp$/);
    const res = await send(ticket.uploadURL, original);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ publicUrl: ticket.publicUrl });

    const stored = fs.readFileSync(fileOf(ticket.publicUrl));
    const meta = await sharp(stored).metadata();
    expect({
      format: meta.format,
      width: meta.width,
      height: meta.height,
      exif: meta.exif,
      alpha: meta.hasAlpha,
    }).toEqual({
      format: 'webp',
      width: 256,
      height: 512,
      exif: undefined,
      alpha: true,
    });
    expect(await rowOf(ticket.publicUrl)).toMatchObject({
      status: 'stored',
      bytes: stored.length,
      contentType: 'image/webp',
    });

    const served = await ctx.app.inject({ url: ticket.publicUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.rawPayload.equals(stored)).toBe(true);

    // The upload is in the activity log, and the link's token is nowhere in it.
    const token = ticket.uploadURL.split('/').pop()!;
    await vi.waitFor(async () =>
      expect(
        (await db().select().from(activityLog).where(eq(activityLog.action, 'upload'))).length,
      ).toBeGreaterThan(0),
    );
    expect(JSON.stringify(await db().select().from(activityLog))).not.toContain(token);
  });

  it('fits a portfolio logo (here a JPEG) within 256 x 256', async () => {
    const ticket = await ask('portfolio-logo');
    expect(ticket.publicUrl).toMatch(/^\/uploads\/portfolio-logo\//);
    expect(
      (await send(ticket.uploadURL, await image(1024, 1024, 'jpeg'), 'image/jpeg')).statusCode,
    ).toBe(200);
    const meta = await sharp(fs.readFileSync(fileOf(ticket.publicUrl))).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([256, 256, undefined]);
  });

  it('refuses a body over 5 MB with words a person understands, and the link still works', async () => {
    const ticket = await ask();
    const res = await send(ticket.uploadURL, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Logo file size must be less than 5MB' });
    // Noise does not compress: a PNG over the app's 1 MB JSON limit, which this route lifts to 5 MB.
    const big = await sharp(crypto.randomBytes(900 * 900 * 3), {
      raw: { width: 900, height: 900, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await send(ticket.uploadURL, big)).statusCode).toBe(200);
  });

  it('judges by the bytes: text typed as image/png, an SVG and JSON are refused with 415', async () => {
    const message = { message: 'Only PNG, JPEG and WebP images can be uploaded.' };
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
    for (const [body, type] of [
      ['just some text, named logo.png', 'image/png'],
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      ['{"a":1}', 'application/json'],
    ] as const) {
      const res = await send((await ask()).uploadURL, body, type);
      expect(res.statusCode, `${type}: ${body}`).toBe(415);
      expect(res.json()).toEqual(message);
    }
  });

  it('refuses a decompression bomb with 422 before decoding it', async () => {
    const res = await send((await ask()).uploadURL, pngBomb());
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toMatch(/too many pixels/);
  });

  it('answers 410 to a used or an expired link, and 404 to an unknown one', async () => {
    const used = await ask();
    expect((await send(used.uploadURL, await image(32, 32))).statusCode).toBe(200);
    const again = await send(used.uploadURL, await image(32, 32));
    expect(again.statusCode).toBe(410);
    expect(again.json<{ message: string }>().message).toMatch(/already been used or has expired/);

    const late = await ask();
    await db()
      .update(uploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploads.publicUrl, late.publicUrl));
    expect((await send(late.uploadURL, await image(32, 32))).statusCode).toBe(410);
    expect(
      (await send(apiPath(uploadToLink, { token: 'a'.repeat(43) }), await image(32, 32)))
        .statusCode,
    ).toBe(404);
  });

  it('serves nothing outside stored logos (no path traversal)', async () => {
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'top secret');
    const urls = [
      '/uploads/../secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/app-logo/..%2F..%2Fsecret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/app-logo/00000000-0000-4000-8000-000000000000.webp',
      '/uploads/',
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('top secret');
    }
  });

  it('confirms only finished uploads of ours as logos', async () => {
    const { uploads: service } = services();
    const done = await ask();
    expect((await send(done.uploadURL, await image(32, 32))).statusCode).toBe(200);
    expect(await service.confirmUpload(done.publicUrl)).toBe(done.publicUrl);
    expect(service.isOwnUploadUrl(done.publicUrl)).toBe(true);
    const unfinished = await ask();
    await expect(service.confirmUpload(unfinished.publicUrl)).rejects.toMatchObject({
      statusCode: 422,
      message: /did not finish/,
    });
    for (const foreign of [
      'https://tracker.example/pixel.png',
      '/uploads/../secret.txt',
      '/demo/harbor-lights.svg',
    ]) {
      expect(service.isOwnUploadUrl(foreign)).toBe(false);
      await expect(service.confirmUpload(foreign)).rejects.toMatchObject({ statusCode: 422 });
    }
  });

  it('removes uploads no record uses after a day (file and row) and keeps the ones in use', async () => {
    const { storage } = services();
    const [unused, used, recent, expired] = [
      await ask(),
      await ask('portfolio-logo'),
      await ask(),
      await ask(),
    ];
    for (const t of [unused, used, recent])
      expect((await send(t.uploadURL, await image(32, 32))).statusCode).toBe(200);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const t of [unused, used])
      await db()
        .update(uploads)
        .set({ createdAt: twoDaysAgo })
        .where(eq(uploads.publicUrl, t.publicUrl));
    await db()
      .update(uploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploads.publicUrl, expired.publicUrl));
    await db().insert(portfolioItems).values({
      websiteName: 'Harbor Lights (demo)',
      websiteUrl: 'https://harbor.example',
      logoUrl: used.publicUrl,
    });

    expect(await removeUnusedUploads(db(), storage)).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(fileOf(unused.publicUrl))).toBe(false);
    expect(await rowOf(unused.publicUrl)).toBeUndefined();
    expect(await rowOf(expired.publicUrl)).toBeUndefined();
    for (const kept of [used, recent]) {
      expect(fs.existsSync(fileOf(kept.publicUrl))).toBe(true);
      expect(await rowOf(kept.publicUrl)).toMatchObject({ status: 'stored' });
    }
    expect((await ctx.app.inject({ url: unused.publicUrl })).statusCode).toBe(404);
  });

  it('runs the cleanup in the background until stopped', async () => {
    const { storage } = services();
    const old = await ask();
    await db()
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) })
      .where(eq(uploads.publicUrl, old.publicUrl));
    const cleanup = createUploadCleanup({ db: db(), storage, log: ctx.app.log, intervalMs: 20 });
    cleanup.start();
    await vi.waitFor(async () => expect(await rowOf(old.publicUrl)).toBeUndefined());
    await cleanup.stop();
  });
});
