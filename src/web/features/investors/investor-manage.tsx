import { Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Investor } from '../../../contract/investors/investors';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog, DialogTrigger } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api';
import { useFocusAfterRemoving } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { useDeleteInvestor } from './api';
import { InvestorFormContent } from './investor-form-dialog';

/** Edit and Delete for one card; deleting asks first. */
export function InvestorManage({ investor }: { investor: Investor }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const afterDelete = useFocusAfterRemoving();
  const remove = useDeleteInvestor();

  // Cancelled, the confirmation gives focus back to Delete (components/ui/dialog); after a delete
  // the card is gone, so to the next card, else the previous one, else the section's heading.
  const confirmDelete = () =>
    remove.mutate(investor.id, {
      onSuccess: () => {
        afterDelete.removing(
          opener.current?.closest('[role="article"]') ?? null,
          document.querySelector<HTMLElement>('main h1'),
        );
        setConfirming(false);
        toast({
          title: 'Investor deleted',
          description: `${investor.name} was removed from the directory.`,
        });
      },
      onError: (error) =>
        toast({
          title: 'The investor was not deleted',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="flex gap-1">
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={`Edit ${investor.name}`}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
        </DialogTrigger>
        {editing && <InvestorFormContent investor={investor} onDone={() => setEditing(false)} />}
      </Dialog>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Delete ${investor.name}`}
        onClick={(e) => {
          opener.current = e.currentTarget;
          setConfirming(true);
        }}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${investor.name}?`}
        description="The investor leaves the directory for every employee. This cannot be undone."
        confirmLabel="Delete investor"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        returnFocus={afterDelete.returnFocus}
      />
    </div>
  );
}
