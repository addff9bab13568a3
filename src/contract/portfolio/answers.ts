import * as z from 'zod/mini';
import { answer } from '../lib/answer.js';
import { createPortfolioItem, deletePortfolioItem, updatePortfolioItem } from './admin.js';
import { listPortfolio, type PortfolioItem } from './portfolio.js';

const portfolioItem: z.ZodMiniType<PortfolioItem> = z.strictObject({
  id: z.int(),
  websiteName: z.string(),
  websiteUrl: z.string(),
  logoUrl: z.nullable(z.string()),
  description: z.nullable(z.string()),
  descriptionEs: z.nullable(z.string()),
});

export const answers = [
  answer(listPortfolio, z.array(portfolioItem)),
  answer(createPortfolioItem, portfolioItem),
  answer(updatePortfolioItem, portfolioItem),
  answer(deletePortfolioItem, null),
];
