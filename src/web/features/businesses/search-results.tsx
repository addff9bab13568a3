import { Download, Loader2, SearchX } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import {
  applyResultFilters,
  RESULTS_PER_PAGE,
  type BusinessResult,
  type ResultFilters,
  type SearchSettings,
} from '../../../contract/businesses/businesses';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Pagination } from '../../components/ui/pagination';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { businessesExportUrl, type StartedSearch } from './api';
import { BusinessCard } from './business-card';
import { businessesFound, pageCount, pageItems } from './format';
import { ResultFiltersBar, type ResultLayout } from './result-filters';
import { ResultsTable } from './results-table';
import type { SearchFlow } from './use-search-flow';

export const EXAMPLE_CATEGORIES = ['plumber', 'restaurant', 'dentist'] as const;
const GRID = 'grid gap-4 md:grid-cols-2';

interface SearchResultsProps {
  flow: SearchFlow;
  settings: SearchSettings | undefined;
  /** What an employee can do with a result (save it as a lead), beside the card's heading. */
  renderAction?: (business: BusinessResult, category: string, headingId: string) => ReactNode;
  /** Something to do with the page of results shown (check their websites), beside the header. */
  renderPageAction?: (shown: BusinessResult[]) => ReactNode;
  onExample: (category: string) => void;
  filters: ResultFilters;
  onFilters: (filters: ResultFilters) => void;
  layout: ResultLayout;
  onLayout: (layout: ResultLayout) => void;
}

function placeOf(search: StartedSearch, settings: SearchSettings | undefined): string {
  if (search.location) return search.location;
  if (search.lat !== undefined) return 'your location';
  return settings?.defaultLocation.label ?? 'the default location';
}

export function SearchResults({
  flow,
  settings,
  renderAction,
  renderPageAction,
  onExample,
  filters,
  onFilters,
  layout,
  onLayout,
}: SearchResultsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { request, started, results, searching } = flow;

  if (!request) {
    return (
      <Card className="p-8 text-center">
        <p className="font-semibold">Enter a business category to start searching</p>
        <p className="mt-2 text-sm text-muted-foreground">Try one of these examples:</p>
        <div className="mt-3 flex flex-wrap justify-center gap-2">
          {EXAMPLE_CATEGORIES.map((category) => (
            <Button key={category} variant="outline" size="sm" onClick={() => onExample(category)}>
              {category}
            </Button>
          ))}
        </div>
      </Card>
    );
  }

  const found = results.data ?? [];
  const businesses = applyResultFilters(found, filters);
  const hiddenByFilters = found.length - businesses.length;
  const pages = pageCount(businesses.length, RESULTS_PER_PAGE);
  const page = Math.min(flow.page, pages);
  const showResults = !searching && started !== null && results.isSuccess;
  const shown = pageItems(businesses, page, RESULTS_PER_PAGE);
  const changePage = (next: number) => {
    flow.setPage(next);
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  };

  return (
    <section aria-labelledby="search-results-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2
            id="search-results-heading"
            ref={heading}
            tabIndex={-1}
            className="scroll-mt-20 text-lg font-semibold outline-none"
          >
            Search Results
          </h2>
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {searching ? (
              <span className="inline-flex items-center gap-2">
                <Loader2
                  className="size-4 animate-spin motion-reduce:animate-none"
                  aria-hidden="true"
                />
                Searching...
              </span>
            ) : showResults ? (
              hiddenByFilters > 0 ? (
                `${businessesFound(businesses.length)} (${hiddenByFilters} hidden by filters)`
              ) : (
                businessesFound(businesses.length)
              )
            ) : null}
          </p>
          {showResults && (
            <p className="text-sm text-muted-foreground">
              Within {started.radius} miles of {placeOf(started, settings)}
            </p>
          )}
        </div>
        {showResults && businesses.length > 0 && renderPageAction?.(shown)}
        {showResults && businesses.length > 0 && (
          <a
            href={businessesExportUrl(started, filters)}
            download
            className={buttonClasses('outline', 'sm')}
          >
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        )}
      </div>

      {showResults && found.length > 0 && (
        <ResultFiltersBar
          filters={filters}
          onFilters={onFilters}
          layout={layout}
          onLayout={onLayout}
          provider={settings?.provider}
        />
      )}

      {searching ? (
        <div className={GRID} aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Card key={i} className="grid gap-3 p-4">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-8 w-24" />
            </Card>
          ))}
        </div>
      ) : results.isError ? (
        <Card role="alert" className="p-6 text-destructive">
          Error searching businesses: {errorMessage(results.error, 'Failed to search businesses')}
        </Card>
      ) : showResults && found.length > 0 && businesses.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">No results match these filters</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Clear a filter to see the other {businessesFound(found.length).replace(' found', '')}.
          </p>
        </Card>
      ) : showResults && businesses.length === 0 ? (
        <Card className="p-8 text-center">
          <SearchX className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
          <p className="mt-2 font-semibold">No businesses found for "{started.category}"</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Try a different category or a larger radius.
          </p>
        </Card>
      ) : showResults ? (
        <>
          {layout === 'table' ? (
            <ResultsTable
              businesses={shown}
              action={
                renderAction && ((b, headingId) => renderAction(b, started.category, headingId))
              }
            />
          ) : (
            <div className={GRID}>
              {shown.map((b) => (
                <BusinessCard
                  key={b.id}
                  business={b}
                  action={
                    renderAction && ((headingId) => renderAction(b, started.category, headingId))
                  }
                />
              ))}
            </div>
          )}
          <Pagination
            page={page}
            pageCount={pages}
            onPage={changePage}
            label="Search result pages"
          />
          <SourceNote settings={settings} />
        </>
      ) : null}
    </section>
  );
}

/** OSM's licence asks for its attribution under its data; the demo directory says it is made up. */
function SourceNote({ settings }: { settings: SearchSettings | undefined }) {
  if (!settings) return null;
  if (settings.provider === 'directory')
    return (
      <p className="text-xs text-muted-foreground">
        Demo directory: these businesses are fictional.
      </p>
    );
  if (!settings.attribution) return null;
  return (
    <p className="text-xs text-muted-foreground">
      {settings.provider === 'osm' ? (
        <a
          href="https://www.openstreetmap.org/copyright"
          target="_blank"
          rel="noopener noreferrer"
          className="underline underline-offset-4"
        >
          {settings.attribution}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        settings.attribution
      )}
    </p>
  );
}
