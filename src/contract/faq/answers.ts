import * as z from 'zod/mini';
import { answer } from '../lib/answer.js';
import { saveFaq } from './admin.js';
import { listFaq, type FaqEntry } from './faq.js';

const faqEntry: z.ZodMiniType<FaqEntry> = z.strictObject({
  id: z.int(),
  question: z.string(),
  answer: z.string(),
  questionEs: z.nullable(z.string()),
  answerEs: z.nullable(z.string()),
});

export const answers = [answer(listFaq, z.array(faqEntry)), answer(saveFaq, z.array(faqEntry))];
