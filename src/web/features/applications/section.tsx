import { FlaskConical } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/api';
import type { SectionProps } from '../../lib/admin-section';
import { ContactRateCard } from '../kickoff/admin';
import { useApplications, useRevenueSummary } from './api';
import { ApplicationsTable } from './applications-table';
import { RevenuePanel } from './revenue-panel';
import { RevenueSources } from './revenue-sources';
import { SummaryCards } from './summary-cards';

/** While the product runs in test mode the figures are test payments: said where they are shown. */
function TestModeNote() {
  return (
    <div
      role="note"
      data-testid="revenue-test-mode"
      className="flex gap-3 rounded-lg border-2 border-dashed border-flag-red bg-muted p-4 text-sm"
    >
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-flag-red" aria-hidden="true" />
      <div>
        <p className="font-bold">Test mode — these figures are test payments, not real money</p>
        <p className="mt-1 text-muted-foreground">
          Real payments are counted once live Stripe keys are set; test payments then no longer
          count.
        </p>
      </div>
    </div>
  );
}

// The shell listens for hash changes and shows the chosen section.
const openSettings = () => {
  window.location.hash = 'settings';
};

/** The applications dashboard: revenue from the payments ledger and every application's share. */
export default function ApplicationsSection(_props: SectionProps) {
  const applications = useApplications();
  const summary = useRevenueSummary();

  return (
    <div className="flex flex-col gap-6">
      {/* The admin shell's h1 is the section's title, '{product} Applications'. */}
      <div>
        <p className="text-sm text-muted-foreground">
          Revenue from recorded payments
          {summary.data ? `, in the ${summary.data.timeZone} time zone` : ''}. Weeks start on
          Monday.
        </p>
      </div>
      {summary.data?.testMode && <TestModeNote />}
      {summary.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Error loading revenue: {errorMessage(summary.error, 'Unknown error')}
        </p>
      ) : (
        <>
          <SummaryCards summary={summary.data} />
          {summary.data && <RevenueSources summary={summary.data} />}
        </>
      )}
      <ContactRateCard />
      <Card className="p-0">
        <h2 id="apps-heading" className="px-4 pt-4 font-semibold">
          Your Applications
        </h2>
        {applications.isError ? (
          <p role="alert" className="p-4 text-sm text-destructive">
            Error loading applications: {errorMessage(applications.error, 'Unknown error')}
          </p>
        ) : (
          <ApplicationsTable
            applications={applications.data}
            labelledBy="apps-heading"
            onSettings={openSettings}
          />
        )}
      </Card>
      <RevenuePanel />
    </div>
  );
}
