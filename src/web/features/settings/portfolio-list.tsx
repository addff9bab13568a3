import { ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { usePortfolioList } from './api';

/**
 * The client portfolio shown on the landing page; `/settings#portfolio` (the landing page's
 * Edit button) scrolls here. Adding, editing and deleting items arrive with the settings release.
 */
export function PortfolioList({ focused }: { focused: boolean }) {
  const portfolio = usePortfolioList();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'start' });
  }, [focused, portfolio.isSuccess]);

  return (
    <section id="portfolio" ref={ref} aria-labelledby="portfolio-heading" tabIndex={-1} className="scroll-mt-16 outline-none">
      <Card className="p-6">
        <h2 id="portfolio-heading" className="text-lg font-semibold">
          Portfolio
        </h2>
        {portfolio.isPending && <Skeleton className="mt-4 h-24 w-full" />}
        {portfolio.isError && <p className="mt-4 text-sm text-destructive">Error loading the portfolio: {errorMessage(portfolio.error, 'Unknown error')}</p>}
        {portfolio.data?.length === 0 && <p className="mt-4 text-sm text-muted-foreground">No portfolio items yet</p>}
        {portfolio.data && portfolio.data.length > 0 && (
          <ul className="mt-4 divide-y divide-border" aria-label="Portfolio items">
            {portfolio.data.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium">{item.websiteName}</p>
                  {item.description && <p className="text-sm text-muted-foreground">{item.description}</p>}
                </div>
                <a href={item.websiteUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')}>
                  Visit Site
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
