import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { HttpError } from '../../http/errors.js';

import {
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  MAX_LOGO_BYTES,
  UPLOAD_PURPOSES,
  type LogoPurpose,
} from '../../../contract/uploads/uploads.js';

// The limits and the spec's own words come from the contract, so the toast reads the same whether the browser or the server refuses.
export { MAX_LOGO_BYTES, UPLOAD_PURPOSES };
export type UploadPurpose = LogoPurpose;
export const TOO_LARGE_MESSAGE = LOGO_TOO_LARGE;
export const NOT_AN_IMAGE_MESSAGE = LOGO_NOT_AN_IMAGE;
/** A small file can still decode to gigabytes (a decompression bomb); no logo needs more than this. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The sizes the settings page recommends (spec: 512x512 for apps, 256x256 for portfolio). */
export const LOGO_SIDE: Record<UploadPurpose, number> = { 'app-logo': 512, 'portfolio-logo': 256 };
/** Enough leading bytes for file-type to recognise PNG, JPEG and WebP. */
export const SNIFF_BYTES = 4100;

const ACCEPTED = new Map([
  ['image/png', 'image/png'],
  ['image/apng', 'image/png'],
  ['image/jpeg', 'image/jpeg'],
  ['image/webp', 'image/webp'],
]);
export const ACCEPTED_CONTENT_TYPES = new Set(ACCEPTED.values());

/** The image's type read from its first bytes; the name and the Content-Type it came with are never trusted. */
export async function sniffImage(
  bytes: Uint8Array,
): Promise<'image/png' | 'image/jpeg' | 'image/webp'> {
  // A file cut short inside a container's header (a truncated zip) makes file-type throw: not an image.
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const type = found && ACCEPTED.get(found.mime);
  if (!type) throw new HttpError(415, NOT_AN_IMAGE_MESSAGE);
  return type as 'image/png' | 'image/jpeg' | 'image/webp';
}

export interface EncodedLogo {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded logo so that nothing the uploader wrote survives but the pixels: EXIF
 * (camera, location) and any payload hidden in the file are dropped, orientation is applied first,
 * and the image is shrunk (never enlarged) to fit the purpose's square. Always WebP: it keeps
 * transparency like PNG, is smaller, and a fixed extension lets the server name the file before
 * it arrives (so the browser learns the public URL together with the upload URL).
 */
export async function reencodeLogo(bytes: Buffer, purpose: UploadPurpose): Promise<EncodedLogo> {
  return reencodeImage(bytes, LOGO_SIDE[purpose]);
}

/**
 * The same re-encoding for any image a person sends (a client's onboarding logo and photos):
 * the same checks, shrunk to fit a `side`×`side` square, WebP.
 */
export async function reencodeImage(bytes: Buffer, side: number): Promise<EncodedLogo> {
  await sniffImage(bytes);
  try {
    // failOn 'error', not the default 'warning': phones and editors write JPEGs with harmless
    // quirks that browsers show, and the output is decoded pixels either way.
    const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
    // The header alone tells the size: a bomb is refused before any decoding.
    const meta = await sharp(bytes, input).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
    const { data, info } = await sharp(bytes, input)
      .autoOrient()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw new HttpError(
      422,
      'This image could not be read; it may be damaged. Please try another file.',
    );
  }
}

const tooManyPixels = () =>
  new HttpError(
    422,
    `This image has too many pixels (the limit is ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Please upload a smaller image.`,
  );
