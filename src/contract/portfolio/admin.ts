import * as z from 'zod/mini';
import { blankToUndefined, logoAddress, webAddress } from '../lib/text-fields.js';
import type { Endpoint } from '../lib/endpoint.js';
import type { PortfolioItem } from './portfolio.js';

// Kept apart from portfolio.ts: the landing page imports that one, and these would add to its first load.

/** docs/product.md §5: name and URL required; description and logo optional. */
export const portfolioInput = z.object({
  websiteName: z
    .string('Please provide website name and URL')
    .check(
      z.trim(),
      z.minLength(1, 'Please provide website name and URL'),
      z.maxLength(120, 'The name must be at most 120 characters'),
    ),
  websiteUrl: webAddress('Please provide website name and URL'),
  description: blankToUndefined('Description', 1000),
  descriptionEs: blankToUndefined('Spanish description', 1000),
  logoUrl: logoAddress(),
});
export type PortfolioInput = z.output<typeof portfolioInput>;

/** What the browser sends for a portfolio item: blank optional values left out. */
export type PortfolioPayload = z.input<typeof portfolioInput>;

// Employees only.
export const createPortfolioItem: Endpoint<PortfolioItem, PortfolioPayload> = {
  method: 'POST',
  path: '/api/portfolio',
};
export const updatePortfolioItem: Endpoint<PortfolioItem, PortfolioPayload> = {
  method: 'PUT',
  path: '/api/portfolio/:id',
};
export const deletePortfolioItem: Endpoint<undefined> = {
  method: 'DELETE',
  path: '/api/portfolio/:id',
};
