import * as z from 'zod/mini';
import { answer } from '../lib/answer.js';
import { requestUpload, uploadToLink, type UploadTicket } from './uploads.js';

const uploadTicket: z.ZodMiniType<UploadTicket> = z.strictObject({
  uploadURL: z.string(),
  publicUrl: z.string(),
  method: z.optional(z.literal('PUT')),
  headers: z.optional(z.record(z.string(), z.string())),
});

export const answers = [
  answer(requestUpload, uploadTicket),
  answer(uploadToLink, z.strictObject({ publicUrl: z.string() })),
];
