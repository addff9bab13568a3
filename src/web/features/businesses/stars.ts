export const MAX_STARS = 5;

export interface StarParts {
  full: number;
  half: boolean;
  empty: number;
}

/** Tenths of a star, clamped to 0..5; null when there is no usable rating. */
function tenths(rating: string | number | null | undefined): number | null {
  if (rating === null || rating === undefined || rating === '') return null;
  const value = Number(rating);
  if (!Number.isFinite(value)) return null;
  // Whole tenths, rounded down (4.49 has no half star) but with a hair of tolerance so that a
  // 4.5 computed as 4.4999999… still has one.
  return Math.min(MAX_STARS * 10, Math.max(0, Math.floor(value * 10 + 1e-6)));
}

/** docs/product.md §2: a full star for each whole point, a half star when the fraction is at least .5. */
export function starParts(rating: string | number | null | undefined): StarParts {
  const t = tenths(rating) ?? 0;
  const full = Math.floor(t / 10);
  const half = t % 10 >= 5;
  return { full, half, empty: MAX_STARS - full - (half ? 1 : 0) };
}

/** What a screen reader hears instead of the star icons ('Rated 4.5 out of 5'). */
export function ratingLabel(rating: string | number | null | undefined): string {
  const t = tenths(rating);
  return t === null ? 'No rating yet' : `Rated ${t / 10} out of ${MAX_STARS}`;
}
