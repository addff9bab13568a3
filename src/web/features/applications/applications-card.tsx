import { Eye } from 'lucide-react';
import { useState } from 'react';
import type { Application } from '../../../contract/applications/applications';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useFocusAfterRemoving } from '../../lib/focus';
import { useApplications } from './api';
import { AppIcon } from './app-icon';
import { StatusBadge } from './applications-table';
import { hostOf } from './format';
import { ApplicationDetails } from './application-details';
import { ApplicationForm, applicationRowId } from './application-form';

/** 'Create New Application' (docs/product.md §2, settings). */
export function CreateApplicationCard() {
  return (
    <Card className="p-6">
      <h2 id="create-app-title" className="text-lg font-semibold">
        Create New Application
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        It appears on the applications dashboard; payments for its Stripe product count as its
        revenue.
      </p>
      <div className="mt-4">
        <ApplicationForm labelledBy="create-app-title" />
      </div>
    </Card>
  );
}

/** 'Your Applications', each with 'View Details' (a dialog to edit or delete it). */
export function ApplicationsCard() {
  const applications = useApplications();
  const [openId, setOpenId] = useState<number | null>(null);
  // Read from the list each time, so the dialog shows the saved values after an edit.
  const open = applications.data?.find((a) => a.id === openId) ?? null;
  // The dialog gives focus back to the row's 'View Details' (components/ui/dialog); after a delete
  // that row is gone, so to the next row, else the previous one, else the list's heading.
  const afterDelete = useFocusAfterRemoving();
  const deleted = (id: number) => {
    afterDelete.removing(
      document.getElementById(applicationRowId(id)),
      document.getElementById('applications-list-heading'),
    );
    setOpenId(null);
  };

  return (
    <Card className="p-6">
      <h2 id="applications-list-heading" className="text-lg font-semibold">
        Your Applications
      </h2>
      {applications.isPending && <Skeleton className="mt-4 h-24 w-full" />}
      {applications.isError && (
        <p className="mt-4 text-sm text-destructive">
          Error loading applications: {errorMessage(applications.error, 'Unknown error')}
        </p>
      )}
      {applications.data?.length === 0 && (
        <p className="mt-4 text-sm text-muted-foreground">No applications created yet</p>
      )}
      {applications.data && applications.data.length > 0 && (
        <ul className="mt-4 divide-y divide-border" aria-label="Applications">
          {applications.data.map((app) => (
            <ApplicationItem key={app.id} app={app} onView={() => setOpenId(app.id)} />
          ))}
        </ul>
      )}
      <Dialog open={open !== null} onOpenChange={(isOpen) => !isOpen && setOpenId(null)}>
        {open && (
          <ApplicationDetails
            key={open.id}
            application={open}
            onClose={() => setOpenId(null)}
            onDeleted={() => deleted(open.id)}
            returnFocus={afterDelete.returnFocus}
          />
        )}
      </Dialog>
    </Card>
  );
}

function ApplicationItem({ app, onView }: { app: Application; onView: () => void }) {
  // Focusable by script: focus lands on the row after creating it, or on the next one after a delete.
  return (
    <li
      id={applicationRowId(app.id)}
      tabIndex={-1}
      className="flex flex-wrap items-center justify-between gap-3 py-3"
    >
      <div className="flex min-w-0 items-center gap-3">
        <AppIcon logoUrl={app.logoUrl} iconColor={app.iconColor} iconType={app.iconType} />
        <div className="min-w-0">
          <p className="font-medium">
            {app.name} <StatusBadge status={app.status} />
          </p>
          <p className="truncate text-sm text-muted-foreground">{hostOf(app.url)}</p>
        </div>
      </div>
      <Button size="sm" variant="outline" onClick={onView}>
        <Eye className="size-3.5" aria-hidden="true" />
        View Details
        <span className="sr-only"> of {app.name}</span>
      </Button>
    </li>
  );
}
