import * as z from 'zod/mini';
import { LOGO_TYPES, UPLOAD_PURPOSES } from './uploads.js';

// POST /api/objects/upload's body, as the server parses it. Apart from uploads.ts, which the
// settings page loads: the browser sends this shape without checking it against zod.
export const uploadRequestInput = z.object({
  purpose: z._default(
    z.enum(UPLOAD_PURPOSES, 'Purpose must be app-logo or portfolio-logo'),
    'app-logo',
  ),
  /** Optional: a bucket's presigned URL then signs it, so the file must be sent with that type. */
  contentType: z.optional(
    z.enum(LOGO_TYPES, 'Content type must be image/png, image/jpeg or image/webp'),
  ),
});
export const UPLOAD_REQUEST_LABELS = { purpose: 'Purpose', contentType: 'Content type' };
