import { Loader2, Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { SEARCH_RADII } from '../../../contract/businesses/businesses';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, Select } from '../../components/ui/field';
import type { SearchRequest } from './search-request';

interface SearchFormProps {
  value: SearchRequest;
  onChange: (value: SearchRequest) => void;
  onSearch: (value: SearchRequest) => void;
  searching: boolean;
}

/** Category, radius and an optional place; the button waits for a category (docs/product.md §5). */
export function SearchForm({ value, onChange, onSearch, searching }: SearchFormProps) {
  const blank = value.category.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || searching) return;
    const trimmed = { ...value, category: value.category.trim(), location: value.location.trim() };
    onChange(trimmed);
    onSearch(trimmed);
  };

  return (
    <Card className="p-4">
      <form
        role="search"
        aria-label="Business search"
        onSubmit={submit}
        className="grid gap-4 md:grid-cols-[minmax(0,1fr)_9rem_minmax(0,1fr)_auto] md:items-end"
      >
        <Field id="search-category" label="Business category">
          <Input
            id="search-category"
            name="category"
            placeholder="e.g. plumber"
            maxLength={100}
            autoComplete="off"
            value={value.category}
            onChange={(e) => onChange({ ...value, category: e.target.value })}
          />
        </Field>
        <Field id="search-radius" label="Radius">
          <Select
            id="search-radius"
            name="radius"
            value={value.radius}
            onChange={(e) => onChange({ ...value, radius: Number(e.target.value) })}
          >
            {SEARCH_RADII.map((r) => (
              <option key={r} value={r}>
                {r} miles
              </option>
            ))}
          </Select>
        </Field>
        <Field id="search-location" label="Location (city or ZIP, optional)">
          <Input
            id="search-location"
            name="location"
            placeholder="Your location"
            maxLength={200}
            autoComplete="postal-code"
            value={value.location}
            onChange={(e) => onChange({ ...value, location: e.target.value })}
          />
        </Field>
        <Button type="submit" disabled={searching || blank}>
          {searching ? (
            <Loader2
              className="size-4 animate-spin motion-reduce:animate-none"
              aria-hidden="true"
            />
          ) : (
            <Search className="size-4" aria-hidden="true" />
          )}
          {searching ? 'Searching...' : 'Search'}
        </Button>
      </form>
    </Card>
  );
}
