import { Loader2, SearchX } from 'lucide-react';
import { useRef } from 'react';
import { INVESTOR_BATCH } from '../../../contract/investors/investors';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { useInvestors } from './api';
import { investorsCount } from './format';
import { InvestorCard, InvestorCardSkeleton } from './investor-card';
import { LoadError } from '../../components/ui/load-error';

const GRID = 'grid gap-4 md:grid-cols-2 2xl:grid-cols-3';

/** The list's states (spec sections 2 and 4): skeletons, error, empty, cards and Load More. */
export function InvestorList({ query }: { query: ReturnType<typeof useInvestors> }) {
  const summary = useRef<HTMLParagraphElement>(null);

  if (query.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Loading investors...
        </p>
        <div className={GRID}>
          {Array.from({ length: INVESTOR_BATCH }, (_, i) => (
            <InvestorCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <LoadError onRetry={() => void query.refetch()}>
        <p className="font-semibold">
          Error loading investors: {errorMessage(query.error, 'Failed to fetch investors')}
        </p>
      </LoadError>
    );
  }

  const investors = query.data.pages.flat();
  if (investors.length === 0) {
    return (
      <Card className="flex flex-col items-center p-8 text-center">
        <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="mt-2 font-semibold">No investors found</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Try adjusting your search filters or browse all investors
        </p>
      </Card>
    );
  }

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isFetchNextPageError) {
      toast({
        title: 'Failed to load more investors',
        description: errorMessage(result.error, 'Please try again.'),
        variant: 'destructive',
      });
    } else if (!result.hasNextPage) {
      // The button goes away with the last batch; the keyboard carries on from the count.
      summary.current?.focus();
    }
  };

  return (
    <div className="grid gap-4">
      <div className={GRID}>
        {investors.map((investor) => (
          <InvestorCard key={investor.id} investor={investor} />
        ))}
      </div>
      <div className="flex flex-col items-center gap-3">
        <p
          ref={summary}
          tabIndex={-1}
          aria-live="polite"
          className="text-sm text-muted-foreground outline-none"
        >
          Showing {investorsCount(investors.length)}
        </p>
        {query.hasNextPage && (
          <Button
            variant="outline"
            aria-busy={query.isFetchingNextPage}
            disabled={query.isFetchingNextPage}
            onClick={() => void loadMore()}
          >
            {query.isFetchingNextPage && (
              <Loader2
                className="size-4 animate-spin motion-reduce:animate-none"
                aria-hidden="true"
              />
            )}
            Load More Investors
          </Button>
        )}
      </div>
    </div>
  );
}
