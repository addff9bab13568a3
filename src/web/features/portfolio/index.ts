/** The client portfolio: the landing page's 'Our Client Websites' and its management in settings. */
export { PortfolioSection } from './portfolio-section';
