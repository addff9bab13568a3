import { Star, StarHalf } from 'lucide-react';
import { ratingLabel, starParts } from './stars';

const ICON = 'size-4 shrink-0';

/** Five stars for a rating; the icons are hidden from screen readers, which hear 'Rated 4.5 out of 5'. */
export function StarRating({ rating }: { rating: string | null }) {
  const { full, half, empty } = starParts(rating);
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={ratingLabel(rating)}>
      {Array.from({ length: full }, (_, i) => (
        <Star
          key={`f${i}`}
          data-star="full"
          className={`${ICON} fill-amber-500 text-amber-600`}
          aria-hidden="true"
        />
      ))}
      {half && (
        // The half star drawn over an empty one, so the row keeps five star widths.
        <span data-star="half" className="relative inline-flex">
          <Star className={`${ICON} text-muted-foreground/50`} aria-hidden="true" />
          <StarHalf
            className={`${ICON} absolute inset-0 fill-amber-500 text-amber-600`}
            aria-hidden="true"
          />
        </span>
      )}
      {Array.from({ length: empty }, (_, i) => (
        <Star
          key={`e${i}`}
          data-star="empty"
          className={`${ICON} text-muted-foreground/50`}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
