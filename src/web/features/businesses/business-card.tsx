import { ExternalLink, MapPin, Phone, Star } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { noWebsiteLabel, type BusinessResult } from '../../../contract/businesses/businesses';
import { LeadBadge } from './lead-badge';
import { Card } from '../../components/ui/card';
import {
  formatMiles,
  networkLabel,
  reviewsText,
  telHref,
  websiteHref,
  websiteLabel,
} from './format';
import { directionsUrl } from './maps';
import { StarRating } from './star-rating';

/** docs/product.md §9: at most 2 recent posts per business. */
export const MAX_RECENT_POSTS = 2;

const LINK = 'underline-offset-4 hover:underline focus-visible:underline';
const NEW_TAB = <span className="sr-only"> (opens in a new tab)</span>;

interface BusinessCardProps {
  business: BusinessResult;
  /** What an employee can do with the business (save it as a lead), given the id of the card's heading. */
  action?: (headingId: string) => ReactNode;
}

/** One search result. Post like/comment/share counts are left out: no source has real ones (docs/product.md §10–11). */
export function BusinessCard({ business: b, action }: BusinessCardProps) {
  const headingId = useId();
  const profiles =
    b.socialProfiles.length > 0
      ? b.socialProfiles
      : b.socialMedia.map((network) => ({ network, url: '' }));

  return (
    <Card role="article" aria-labelledby={headingId} className="flex flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold">
          {b.name}
        </h3>
        <span className="shrink-0 text-sm text-muted-foreground">{formatMiles(b.distance)}</span>
      </div>
      {b.lead && (
        <p>
          <LeadBadge status={b.lead.status} />
        </p>
      )}
      {b.address && (
        <a
          href={directionsUrl(b.address)}
          target="_blank"
          rel="noopener noreferrer"
          className={`flex items-start gap-1.5 text-sm ${LINK}`}
        >
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {b.address}
            <span className="sr-only"> (directions, opens in a new tab)</span>
          </span>
        </a>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {b.rating === null ? (
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <Star className="size-4" aria-hidden="true" />
            No rating yet
          </span>
        ) : (
          <>
            <StarRating rating={b.rating} />
            <span aria-hidden="true" className="font-medium">
              {b.rating}
            </span>
          </>
        )}
        {b.reviewCount !== null && (
          <span className="text-muted-foreground">({reviewsText(b.reviewCount)})</span>
        )}
      </div>
      <ul className="grid gap-1 text-sm">
        {!b.website && (
          <li className="font-medium text-destructive">{noWebsiteLabel(b.provider)}</li>
        )}
        {b.website && (
          <li>
            <a
              href={websiteHref(b.website)}
              target="_blank"
              rel="noopener noreferrer"
              className={`inline-flex items-center gap-1.5 break-all ${LINK}`}
            >
              <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
              {websiteLabel(b.website)}
              {NEW_TAB}
            </a>
          </li>
        )}
        {b.phone && (
          <li>
            <a href={telHref(b.phone)} className={`inline-flex items-center gap-1.5 ${LINK}`}>
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              {b.phone}
            </a>
          </li>
        )}
      </ul>
      {profiles.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-muted-foreground">Social:</span>
          {profiles.map((p) =>
            p.url ? (
              <a
                key={p.url}
                href={p.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`font-medium ${LINK}`}
              >
                {networkLabel(p.network)}
                {NEW_TAB}
              </a>
            ) : (
              <span key={p.network} className="font-medium">
                {networkLabel(p.network)}
              </span>
            ),
          )}
        </p>
      )}
      {b.recentPosts.length > 0 && (
        <div className="text-sm">
          <p className="text-muted-foreground">Recent posts</p>
          <ul className="mt-1 grid gap-1.5">
            {b.recentPosts.slice(0, MAX_RECENT_POSTS).map((post, i) => (
              <li key={i} className="rounded-md bg-muted px-3 py-2">
                {post}
              </li>
            ))}
          </ul>
        </div>
      )}
      {action && <div className="mt-auto pt-1">{action(headingId)}</div>}
    </Card>
  );
}
