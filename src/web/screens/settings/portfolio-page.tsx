import { PortfolioCard } from '../../features/portfolio/admin';

/** Settings → Portfolio: the client websites of the landing page (its Edit buttons land here). */
export default function PortfolioSettings() {
  // The card is the whole page now: nothing above it to scroll past.
  return <PortfolioCard focused={false} />;
}
