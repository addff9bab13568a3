import type { OutputOf } from '../../../contract/lib/endpoint';
import {
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  requestUpload,
  type LogoPurpose,
  type LogoType,
  type uploadToLink,
} from '../../../contract/uploads/uploads';
import { callApi, errorMessage, throwIfNotOk } from '../../lib/api';

export {
  LOGO_HINTS,
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  type LogoPurpose,
} from '../../../contract/uploads/uploads';
export const LOGO_UPLOAD_FAILED = 'Failed to upload logo';

/** Why this file cannot be a logo, or null when it can; checked before anything is sent. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_NOT_AN_IMAGE;
  if (file.size > MAX_LOGO_BYTES) return LOGO_TOO_LARGE;
  return null;
}

/**
 * Uploads a logo and answers the URL to save as `logoUrl`: the server hands out an upload URL
 * (our own, or a presigned one of an S3 bucket), the file is PUT there as it is, and our own
 * server answers with the address it serves the re-encoded image from. Cookies go only to our
 * own origin, never to a bucket.
 */
export async function uploadLogo(
  file: File,
  purpose: LogoPurpose,
  origin: string = window.location.origin,
): Promise<string> {
  const problem = logoFileProblem(file);
  if (problem) throw new Error(problem);
  // The type is named up front so that a bucket's presigned URL can sign it.
  // logoFileProblem has checked it is one of LOGO_TYPES.
  const contentType = file.type as LogoType;
  const ticket = await callApi(requestUpload, { body: { purpose, contentType } });
  const target = new URL(ticket.uploadURL, origin);
  const ours = target.origin === origin;
  const response = await fetch(target, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': file.type, ...ticket.headers },
    credentials: 'same-origin',
  });
  if (!ours) {
    // A bucket answers in XML, nothing a person should read.
    if (!response.ok) throw new Error(LOGO_UPLOAD_FAILED);
    return ticket.publicUrl;
  }
  await throwIfNotOk(response);
  if (response.headers.get('content-type')?.includes('json')) {
    const body = (await response.json()) as Partial<OutputOf<typeof uploadToLink>>;
    if (typeof body.publicUrl === 'string' && body.publicUrl) return body.publicUrl;
  }
  return ticket.publicUrl;
}

/** The toast's words for a failed upload: the server's message, else the spec's fallback. */
export const uploadFailure = (error: unknown): string => errorMessage(error, LOGO_UPLOAD_FAILED);
