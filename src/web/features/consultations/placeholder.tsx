import { Skeleton } from '../../components/ui/skeleton';

/**
 * The section's room while its code, words or booking load: about the height of a booked
 * consultation's card (what a client sees for the weeks after booking), so the sections below keep
 * their place instead of jumping down when it shows (a layout shift: bench:account).
 */
export function ConsultationPlaceholder() {
  return <Skeleton className="mt-8 h-80 w-full sm:h-56" data-testid="consultation-loading" />;
}
