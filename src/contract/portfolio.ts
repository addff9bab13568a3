export interface PortfolioItem {
  id: number;
  websiteName: string;
  websiteUrl: string;
  logoUrl: string | null;
  description: string | null;
}
