import type { ReactNode } from 'react';
import { noWebsiteLabel, type BusinessResult } from '../../../contract/businesses/businesses';
import { Cell, DataTable, Row } from '../../components/ui/data-table';
import { formatMiles, networkLabel, telHref, websiteHref, websiteLabel } from './format';
import { LeadBadge } from './lead-badge';

const LINK = 'underline-offset-4 hover:underline focus-visible:underline';
const COLUMNS = [
  'Business',
  'Distance',
  'Rating',
  'Reviews',
  'Website',
  'Phone',
  'Social',
  'Lead',
  { label: 'Actions', className: 'sr-only' },
] as const;

interface ResultsTableProps {
  businesses: BusinessResult[];
  action?: (business: BusinessResult, headingId: string) => ReactNode;
}

/** The dense view of one page of results: a row each, cards on a narrow screen (DataTable). */
export function ResultsTable({ businesses, action }: ResultsTableProps) {
  return (
    <DataTable
      columns={COLUMNS}
      caption="Search results"
      cardsBelow="lg"
      className="rounded-xl border border-border bg-card"
    >
      {businesses.map((b) => {
        const headingId = `result-${b.id.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
        return (
          <Row key={b.id}>
            <Cell>
              <span id={headingId} className="font-semibold">
                {b.name}
              </span>
              {b.address && (
                <span className="block text-xs text-muted-foreground">{b.address}</span>
              )}
            </Cell>
            <Cell label="Distance">{formatMiles(b.distance)}</Cell>
            <Cell label="Rating">{b.rating ?? '—'}</Cell>
            <Cell label="Reviews">{b.reviewCount ?? '—'}</Cell>
            <Cell label="Website">
              {b.website ? (
                <a
                  href={websiteHref(b.website)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`break-all ${LINK}`}
                >
                  {websiteLabel(b.website)}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <span className="font-medium text-destructive">{noWebsiteLabel(b.provider)}</span>
              )}
            </Cell>
            <Cell label="Phone">
              {b.phone ? (
                <a href={telHref(b.phone)} className={LINK}>
                  {b.phone}
                </a>
              ) : (
                '—'
              )}
            </Cell>
            <Cell label="Social">
              {b.socialMedia.length > 0 ? b.socialMedia.map(networkLabel).join(', ') : '—'}
            </Cell>
            <Cell label="Lead">{b.lead ? <LeadBadge status={b.lead.status} /> : 'Not saved'}</Cell>
            <Cell>{action?.(b, headingId)}</Cell>
          </Row>
        );
      })}
    </DataTable>
  );
}
