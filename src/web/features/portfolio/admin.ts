/** What the admin area needs of the portfolio; kept out of the index so the landing page never loads it. */
export { PortfolioCard } from './portfolio-card';
