import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Application } from '../../../contract/applications/applications';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, DialogContent } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useDeleteApplication } from './api';
import { StatusBadge } from './applications-table';
import { formatMoney } from './format';
import { ApplicationForm } from './application-form';

const CREATED = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** 'View Details': the application's figures, its settings to edit, and deleting it. */
interface ApplicationDetailsProps {
  application: Application;
  onClose: () => void;
  /** Deleted: the dialog closes and focus goes to `returnFocus` (the row is gone). */
  onDeleted: () => void;
  returnFocus: () => HTMLElement | null;
}

export function ApplicationDetails({
  application,
  onClose,
  onDeleted,
  returnFocus,
}: ApplicationDetailsProps) {
  const remove = useDeleteApplication();
  const [confirming, setConfirming] = useState(false);
  const titleId = `app-${application.id}-form-title`;

  const confirmDelete = () =>
    remove.mutate(application.id, {
      onSuccess: () => {
        toast({ title: 'Application deleted successfully!' });
        setConfirming(false);
        onDeleted();
      },
      onError: (error) =>
        toast({
          title: errorMessage(error, 'Failed to delete application'),
          variant: 'destructive',
        }),
    });

  return (
    <DialogContent
      title={application.name}
      description={`Created ${CREATED.format(new Date(application.createdAt))}`}
      returnFocus={returnFocus}
    >
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact term="Status">
          <StatusBadge status={application.status} />
        </Fact>
        <Fact term="Today">{formatMoney(application.dailyRevenue)}</Fact>
        <Fact term="This week">{formatMoney(application.weeklyRevenue)}</Fact>
        <Fact term="Users">{application.totalUsers.toLocaleString('en-US')}</Fact>
      </dl>
      <h3 id={titleId} className="mt-6 font-semibold">
        Edit application
      </h3>
      <div className="mt-3">
        <ApplicationForm application={application} labelledBy={titleId} onSaved={onClose} />
      </div>
      <div className="mt-6 border-t border-border pt-4">
        <Button variant="red" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 className="size-3.5" aria-hidden="true" />
          Delete application
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this application?"
        description={`${application.name} leaves the dashboard. Its recorded payments stay in the revenue totals.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </DialogContent>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="mt-1 font-semibold">{children}</dd>
    </div>
  );
}
