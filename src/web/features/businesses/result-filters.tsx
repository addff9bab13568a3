import { LayoutGrid, Table2 } from 'lucide-react';
import {
  MIN_RATINGS,
  noWebsiteLabel,
  type ResultFilters,
  type ResultSort,
  type SearchSettings,
} from '../../../contract/businesses/businesses';
import { Field, Select } from '../../components/ui/field';
import { cn } from '../../lib/cn';

export type ResultLayout = 'cards' | 'table';

const SORT_LABELS: Record<ResultSort, string> = {
  distance: 'Distance',
  rating: 'Rating',
  reviews: 'Review count',
  name: 'Name',
};

interface ResultFiltersBarProps {
  filters: ResultFilters;
  onFilters: (filters: ResultFilters) => void;
  layout: ResultLayout;
  onLayout: (layout: ResultLayout) => void;
  provider: SearchSettings['provider'] | undefined;
}

const CHECK = 'flex min-h-11 items-center gap-2 text-sm font-medium';

/** Sort, filters and cards-or-table for the results; each change keeps the others. */
export function ResultFiltersBar({
  filters,
  onFilters,
  layout,
  onLayout,
  provider,
}: ResultFiltersBarProps) {
  const set = (patch: Partial<ResultFilters>) => onFilters({ ...filters, ...patch });
  return (
    <div
      role="group"
      aria-label="Sort and filter results"
      className="grid gap-3 rounded-xl border border-border bg-card p-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Field id="results-sort" label="Sort by">
        <Select
          id="results-sort"
          value={filters.sort ?? 'distance'}
          onChange={(e) => set({ sort: e.target.value as ResultSort })}
        >
          {(Object.keys(SORT_LABELS) as ResultSort[]).map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="results-website" label="Website">
        <Select
          id="results-website"
          value={filters.website ?? ''}
          onChange={(e) =>
            set({ website: (e.target.value || undefined) as ResultFilters['website'] })
          }
        >
          <option value="">Any</option>
          <option value="none">{noWebsiteLabel(provider)}</option>
          <option value="has">Has website</option>
        </Select>
      </Field>
      <Field id="results-rating" label="Minimum rating">
        <Select
          id="results-rating"
          value={filters.minRating ?? ''}
          onChange={(e) =>
            set({ minRating: (e.target.value || undefined) as ResultFilters['minRating'] })
          }
        >
          <option value="">Any rating</option>
          {MIN_RATINGS.map((r) => (
            <option key={r} value={r}>
              {r} stars or more
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid content-end gap-0">
        <label className={CHECK}>
          <input
            type="checkbox"
            className="size-4"
            checked={Boolean(filters.hasPhone)}
            onChange={(e) => set({ hasPhone: e.target.checked || undefined })}
          />
          Has phone
        </label>
        <label className={CHECK}>
          <input
            type="checkbox"
            className="size-4"
            checked={Boolean(filters.hasSocial)}
            onChange={(e) => set({ hasSocial: e.target.checked || undefined })}
          />
          Has social profiles
        </label>
      </div>
      <div
        role="group"
        aria-label="Show results as"
        className="flex gap-1 sm:col-span-2 lg:col-span-4"
      >
        {(
          [
            ['cards', 'Cards', LayoutGrid],
            ['table', 'Table', Table2],
          ] as const
        ).map(([value, label, Icon]) => (
          <button
            key={value}
            type="button"
            aria-pressed={layout === value}
            onClick={() => onLayout(value)}
            className={cn(
              'inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-semibold',
              layout === value
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-card hover:bg-muted',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
