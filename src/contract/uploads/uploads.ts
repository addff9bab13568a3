import type { Endpoint } from '../lib/endpoint.js';

export const UPLOAD_PURPOSES = ['app-logo', 'portfolio-logo'] as const;
export type LogoPurpose = (typeof UPLOAD_PURPOSES)[number];

/** docs/product.md §9: logos up to 5MB. The browser checks before sending; the server refuses more (413) with the same words. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const LOGO_TOO_LARGE = 'Logo file size must be less than 5MB';
export const LOGO_NOT_AN_IMAGE = 'Only PNG, JPEG and WebP images can be uploaded.';
/** The types the server keeps (it re-encodes them); anything else it refuses with 415. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_HINTS: Record<LogoPurpose, string> = {
  'app-logo': 'PNG, JPG up to 5MB. Recommended 512x512',
  'portfolio-logo': 'PNG, JPG up to 5MB. Recommended 256x256',
};

/** Where to PUT a logo: our own one-time link, or a bucket's presigned URL. */
export interface UploadTicket {
  uploadURL: string;
  /** The address to save as `logoUrl` when the upload itself does not name a better one. */
  publicUrl: string;
  method?: 'PUT';
  /** Headers the PUT must carry (a presigned URL may sign them). */
  headers?: Record<string, string>;
}

/** Asks for an upload link (employees only). The type is named up front so that a presigned URL can sign it. */
export const requestUpload: Endpoint<
  UploadTicket,
  { purpose: LogoPurpose; contentType?: LogoType }
> = { method: 'POST', path: '/api/objects/upload' };
/**
 * Our own one-time upload link, as a ticket names it in `uploadURL` (the browser PUTs the file's
 * bytes there as they are and never builds this path itself). Answers where the re-encoded logo is served.
 */
export const uploadToLink: Endpoint<{ publicUrl: string }, Blob> = {
  method: 'PUT',
  path: '/api/objects/upload/:token',
};
