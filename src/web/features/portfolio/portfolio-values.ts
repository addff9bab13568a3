import type { PortfolioItem } from '../../../contract/portfolio/portfolio';
import type { PortfolioPayload } from '../../../contract/portfolio/admin';

/** What the browser sends: blank optional values left out. */
export type { PortfolioPayload };

export interface PortfolioFormValues {
  websiteName: string;
  websiteUrl: string;
  description: string;
  /** '' for none: the Spanish pages show the English description. */
  descriptionEs: string;
  logoUrl: string;
}

export const EMPTY_PORTFOLIO_ITEM: PortfolioFormValues = {
  websiteName: '',
  websiteUrl: '',
  description: '',
  descriptionEs: '',
  logoUrl: '',
};

export const portfolioValuesOf = (item: PortfolioItem): PortfolioFormValues => ({
  websiteName: item.websiteName,
  websiteUrl: item.websiteUrl,
  description: item.description ?? '',
  descriptionEs: item.descriptionEs ?? '',
  logoUrl: item.logoUrl ?? '',
});

export const PORTFOLIO_REQUIRED = 'Please provide website name and URL';

/** docs/product.md §5: both name and URL, after trimming; null when the item can be sent. */
export const portfolioProblem = (values: PortfolioFormValues): string | null =>
  values.websiteName.trim() && values.websiteUrl.trim() ? null : PORTFOLIO_REQUIRED;

/** Text trimmed; description and logo left out when empty. */
export function portfolioPayload(values: PortfolioFormValues): PortfolioPayload {
  const description = values.description.trim();
  const descriptionEs = values.descriptionEs.trim();
  const logoUrl = values.logoUrl.trim();
  return {
    websiteName: values.websiteName.trim(),
    websiteUrl: values.websiteUrl.trim(),
    ...(description ? { description } : {}),
    ...(descriptionEs ? { descriptionEs } : {}),
    ...(logoUrl ? { logoUrl } : {}),
  };
}
