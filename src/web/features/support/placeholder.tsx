import { Skeleton } from '../../components/ui/skeleton';

/**
 * The section's room while its code, words or requests load: about the height of the heading, the
 * intro and a short list, so the footer below does not jump when it shows (bench:account).
 */
export function SupportPlaceholder() {
  return <Skeleton className="mt-10 h-64 w-full" data-testid="support-loading" />;
}
