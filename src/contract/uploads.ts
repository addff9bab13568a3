import type { Endpoint } from './endpoint.js';

export type LogoPurpose = 'app-logo' | 'portfolio-logo';

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
export const requestUpload: Endpoint<UploadTicket, { purpose: LogoPurpose; contentType?: string }> = { method: 'POST', path: '/api/objects/upload' };
/**
 * Our own one-time upload link, as a ticket names it in `uploadURL` (the browser PUTs the file's
 * bytes there as they are and never builds this path itself). Answers where the re-encoded logo is served.
 */
export const uploadToLink: Endpoint<{ publicUrl: string }, Blob> = { method: 'PUT', path: '/api/objects/upload/:token' };
