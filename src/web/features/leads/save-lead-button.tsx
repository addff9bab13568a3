import { Check } from 'lucide-react';
import type { BusinessResult } from '../../../contract/businesses/businesses';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSaveLead } from './api';

interface SaveLeadButtonProps {
  business: BusinessResult;
  category: string;
  saved: boolean;
  onSaved: (id: string) => void;
  /** The id of the result's heading, so a screen reader hears which business 'Save lead' saves. */
  describedBy: string;
}

/** 'Save lead' on a search result; saving one already kept says so instead of adding it twice. */
export function SaveLeadButton({
  business: b,
  category,
  saved,
  onSaved,
  describedBy,
}: SaveLeadButtonProps) {
  const save = useSaveLead();
  const onSave = () => {
    if (saved || save.isPending) return;
    save.mutate(
      { business: b, category },
      {
        onSuccess: ({ created }) => {
          onSaved(b.id);
          toast({
            title: 'Lead saved',
            description: created ? b.name : `${b.name} was already in your leads.`,
          });
        },
        onError: (error) =>
          toast({
            title: 'The lead was not saved',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <Button
      variant={saved ? 'secondary' : 'outline'}
      size="sm"
      aria-disabled={saved || save.isPending}
      aria-describedby={describedBy}
      onClick={onSave}
    >
      {saved && <Check className="size-4" aria-hidden="true" />}
      {saved ? 'Saved' : save.isPending ? 'Saving...' : 'Save lead'}
    </Button>
  );
}
