import { Search } from 'lucide-react';
import { INDUSTRIES, INVESTMENT_STAGES } from '../../../contract/investors/investors';
import { Card } from '../../components/ui/card';
import { Field, Input, Select } from '../../components/ui/field';
import {
  SEARCH_MAX_LENGTH,
  type Industry,
  type InvestmentStage,
  type InvestorFilters,
} from './url-state';

interface FiltersProps {
  /** The search box as typed (applied after a pause). */
  searchText: string;
  onSearchText: (text: string) => void;
  filters: InvestorFilters;
  onFilters: (change: Partial<InvestorFilters>) => void;
}

/** docs/product.md §2: text search, Investment Stage and Industry Focus; 'All …' means no filter. */
export function InvestorFiltersBar({ searchText, onSearchText, filters, onFilters }: FiltersProps) {
  return (
    <Card
      role="search"
      aria-label="Filter investors"
      className="grid gap-4 p-4 md:grid-cols-[1fr_12rem_12rem] md:items-end"
    >
      <div className="grid gap-1.5">
        <label htmlFor="investor-search" className="sr-only">
          Search investors
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="investor-search"
            type="search"
            className="pl-9"
            placeholder="Search by name, firm, or expertise..."
            maxLength={SEARCH_MAX_LENGTH}
            value={searchText}
            onChange={(e) => onSearchText(e.target.value)}
          />
        </div>
      </div>
      <Field id="investor-stage" label="Investment Stage">
        <Select
          id="investor-stage"
          value={filters.stage}
          onChange={(e) => onFilters({ stage: e.target.value as InvestmentStage | '' })}
        >
          <option value="">All Stages</option>
          {INVESTMENT_STAGES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="investor-industry" label="Industry Focus">
        <Select
          id="investor-industry"
          value={filters.industry}
          onChange={(e) => onFilters({ industry: e.target.value as Industry | '' })}
        >
          <option value="">All Industries</option>
          {INDUSTRIES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </Field>
    </Card>
  );
}
