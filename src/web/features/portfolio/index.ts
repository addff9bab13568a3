/** The client portfolio: the landing page's 'Our Client Websites' and its management in settings. */
// The landing page loads the section lazily by file (screens/landing/page.tsx).
export { default as PortfolioSection } from './portfolio-section';
