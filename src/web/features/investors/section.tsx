import { useEffect, useState } from 'react';
import type { SectionProps } from '../../lib/admin-section';
import { useInvestors } from './api';
import { InvestorFiltersBar } from './filters';
import { InvestorList } from './investor-list';
import { InvestorsToolbar } from './investors-toolbar';
import { readInvestorFilters, writeInvestorFilters, type InvestorFilters } from './url-state';

/** The search box waits for a pause in typing before it asks the server. */
const SEARCH_DELAY_MS = 300;

/** The investor directory (spec sections 2 and 4); its filters live in the page URL. */
export default function InvestorsSection(_props: SectionProps) {
  const [filters, setFilters] = useState<InvestorFilters>(readInvestorFilters);
  const [searchText, setSearchText] = useState(filters.search);
  const investors = useInvestors(filters);

  useEffect(() => writeInvestorFilters(filters), [filters]);
  useEffect(() => {
    const search = searchText.trim();
    if (search === filters.search) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, search })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.search]);

  return (
    <div className="grid gap-4">
      {/* The admin shell's h1 is the section's title, 'LinkedIn Investor Directory'. */}
      <div>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Venture capital investors for the businesses we serve: search and filter them, add and
          correct them by hand, or bring them in from a CSV file.
        </p>
      </div>
      <InvestorsToolbar filters={filters} />
      <InvestorFiltersBar
        searchText={searchText}
        onSearchText={setSearchText}
        filters={filters}
        onFilters={(change) => setFilters((f) => ({ ...f, ...change }))}
      />
      <InvestorList query={investors} />
    </div>
  );
}
