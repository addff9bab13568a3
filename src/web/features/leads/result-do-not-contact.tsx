import { Ban } from 'lucide-react';
import type { BusinessResult } from '../../../contract/businesses/businesses';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useResultDoNotContact } from './api';

/**
 * 'Do not contact' on a search result. The result leaves the list at once; focus goes to the
 * results' heading, since the button leaves with it.
 */
export function ResultDoNotContactButton({
  business,
  category,
  describedBy,
}: {
  business: BusinessResult;
  category: string;
  describedBy: string;
}) {
  const mark = useResultDoNotContact();
  const onMark = () => {
    if (mark.isPending) return;
    mark.mutate(
      { business, category },
      {
        onSuccess: () => {
          document.getElementById('search-results-heading')?.focus();
          toast({
            title: 'Marked do not contact',
            description: `${business.name} is hidden from search results and exports. 'Allow contact again' in Leads undoes it.`,
          });
        },
        onError: (error) =>
          toast({
            title: 'The do-not-contact mark was not saved',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-disabled={mark.isPending}
      aria-describedby={describedBy}
      onClick={onMark}
    >
      <Ban className="size-4" aria-hidden="true" />
      {mark.isPending ? 'Marking...' : 'Do not contact'}
    </Button>
  );
}
