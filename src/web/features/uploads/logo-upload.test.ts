import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  LOGO_UPLOAD_FAILED,
  logoFileProblem,
  MAX_LOGO_BYTES,
  uploadLogo,
  uploadFailure,
} from './logo-upload';

const ORIGIN = 'https://agency.example';
const png = (size = 68) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the logo file check', () => {
  it('accepts PNG, JPEG and WebP images up to exactly 5MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(logoFileProblem({ type, size: 1000 })).toBeNull();
    expect(logoFileProblem({ type: 'image/png', size: MAX_LOGO_BYTES })).toBeNull();
  });

  it("refuses anything bigger than 5MB with the spec's words", () => {
    expect(logoFileProblem({ type: 'image/png', size: MAX_LOGO_BYTES + 1 })).toBe(LOGO_TOO_LARGE);
    expect(LOGO_TOO_LARGE).toBe('Logo file size must be less than 5MB');
  });

  it('refuses files that are not images the server keeps', () => {
    for (const type of ['application/pdf', 'text/html', 'image/svg+xml', 'image/gif', ''])
      expect(logoFileProblem({ type, size: 10 })).toBe(LOGO_NOT_AN_IMAGE);
  });
});

describe('uploading a logo', () => {
  it('sends nothing at all for a file that is too large', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const big = new File([new Uint8Array(MAX_LOGO_BYTES + 1)], 'big.png', { type: 'image/png' });
    await expect(uploadLogo(big, 'app-logo', ORIGIN)).rejects.toThrow(LOGO_TOO_LARGE);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for an upload URL, PUTs the file there with its type and answers the public URL our server gives', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(
        json({ uploadURL: '/api/objects/upload/abc', publicUrl: '/objects/abc.webp' }),
      )
      .mockResolvedValueOnce(json({ publicUrl: '/objects/abc-final.webp' }));
    vi.stubGlobal('fetch', fetch);
    const file = png();
    await expect(uploadLogo(file, 'portfolio-logo', ORIGIN)).resolves.toBe(
      '/objects/abc-final.webp',
    );

    const [askUrl, ask] = fetch.mock.calls[0]!;
    expect(askUrl).toBe('/api/objects/upload');
    expect(ask?.method).toBe('POST');
    expect(JSON.parse(String(ask?.body))).toEqual({
      purpose: 'portfolio-logo',
      contentType: 'image/png',
    });
    const [putUrl, put] = fetch.mock.calls[1]!;
    expect(String(putUrl)).toBe(`${ORIGIN}/api/objects/upload/abc`);
    expect(put).toMatchObject({
      method: 'PUT',
      body: file,
      headers: { 'content-type': 'image/png' },
      credentials: 'same-origin',
    });
  });

  it('uses the public URL from the first answer when a bucket takes the file (and its answer is not JSON)', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(
        json({
          uploadURL: 'https://bucket.s3.example/logos/abc?X-Amz-Signature=1',
          publicUrl: 'https://cdn.example/logos/abc',
          headers: { 'x-amz-acl': 'private' },
        }),
      )
      .mockResolvedValueOnce(new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(uploadLogo(png(), 'app-logo', ORIGIN)).resolves.toBe(
      'https://cdn.example/logos/abc',
    );
    // The headers the presigned URL signed go along; cookies never leave our origin.
    expect(fetch.mock.calls[1]![1]).toMatchObject({
      credentials: 'same-origin',
      headers: { 'content-type': 'image/png', 'x-amz-acl': 'private' },
    });
  });

  it("shows the server's message when it refuses the file, and the spec's fallback otherwise", async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(
        json({ uploadURL: '/api/objects/upload/abc', publicUrl: '/objects/abc.webp' }),
      )
      .mockResolvedValueOnce(
        json({ message: 'Only PNG, JPEG and WebP images can be uploaded.' }, 415),
      );
    vi.stubGlobal('fetch', fetch);
    const error = await uploadLogo(png(), 'app-logo', ORIGIN).catch((e: unknown) => e);
    expect(uploadFailure(error)).toBe('Only PNG, JPEG and WebP images can be uploaded.');
    expect(uploadFailure('not an error')).toBe(LOGO_UPLOAD_FAILED);
  });

  it('never shows a bucket error body', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(
        json({
          uploadURL: 'https://bucket.s3.example/abc',
          publicUrl: 'https://bucket.s3.example/abc',
        }),
      )
      .mockResolvedValueOnce(
        new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 }),
      );
    vi.stubGlobal('fetch', fetch);
    const error = await uploadLogo(png(), 'app-logo', ORIGIN).catch((e: unknown) => e);
    expect(uploadFailure(error)).toBe('Failed to upload logo');
  });
});
