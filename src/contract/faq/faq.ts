import type { Endpoint } from '../lib/endpoint.js';

/** One question of the landing page's FAQ, in English and (when the agency wrote it) Spanish. */
export interface FaqEntry {
  id: number;
  question: string;
  answer: string;
  /** null: the Spanish page shows the English text, marked lang="en" (docs/decisions/033). */
  questionEs: string | null;
  answerEs: string | null;
}

/** The FAQ the landing page shows, in order (the editing endpoint is in admin.ts). */
export const listFaq: Endpoint<FaqEntry[]> = { method: 'GET', path: '/api/faq' };
