import * as z from 'zod/mini';
import type { Endpoint } from '../lib/endpoint.js';
import { blankToUndefined, requiredText as required } from '../lib/text-fields.js';
import type { FaqEntry } from './faq.js';

// Kept apart from faq.ts: the landing page imports that one, and zod would add to its first load.

/** One question as settings sends it: English required, Spanish optional (blank: the English is shown). */
export const faqEntryInput = z.object({
  question: required('Question', 200),
  answer: required('Answer', 2000),
  questionEs: blankToUndefined('Spanish question', 200),
  answerEs: blankToUndefined('Spanish answer', 2000),
});

/** The whole FAQ, in the order the landing page shows it: saving replaces it. */
export const faqInput = z.object({
  entries: z.array(faqEntryInput).check(z.maxLength(20, 'At most 20 questions')),
});
export type FaqInput = z.output<typeof faqInput>;
export type FaqPayload = z.input<typeof faqInput>;

/** Saves the FAQ (employees only). */
export const saveFaq: Endpoint<FaqEntry[], FaqPayload> = { method: 'PUT', path: '/api/faq' };
