import { Printer } from 'lucide-react';
import { useParams } from 'wouter';
import { LOGIN_PATH } from '../../../contract/auth/auth';
import { WEBSITE_CHECK_WEIGHTS, type WebsiteCheck } from '../../../contract/leads/website-checks';
import { PageSpinner } from '../../components/page-spinner';
import { Button, buttonClasses } from '../../components/ui/button';
import { ApiError, errorMessage } from '../../lib/api';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { anglesOf, checkedAtText, useWebsiteCheckById } from '../../features/leads/admin';
import { useAdminStyles } from '../../lib/admin-styles';

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KB`);
const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * A website check as one printable page to send to the business: plain English, the agency's
 * name, no admin chrome (the toolbar is hidden when printed). Employees only, as its API is.
 */
export default function WebsiteReportPage() {
  useAdminStyles();
  const { id = '' } = useParams<{ id: string }>();
  const report = useWebsiteCheckById(id);
  const check = report.data as WebsiteCheck | undefined;
  useDocumentTitle(check ? `Website report for ${check.name}` : 'Website report');

  if (report.isPending) return <PageSpinner label="Loading the report…" />;
  if (report.isError || !check) {
    const status = report.error instanceof ApiError ? report.error.status : 0;
    return (
      <main id="main" className="mx-auto grid max-w-xl gap-4 px-4 py-16">
        <h1 className="text-2xl font-semibold">Website report</h1>
        <p role="alert">
          {status === 401
            ? 'Please sign in to see this report.'
            : status === 404
              ? 'This report does not exist (any more). Check the website again from the search results to make a new one.'
              : `The report could not be loaded: ${errorMessage(report.error, 'please try again.')}`}
        </p>
        {status === 401 && (
          <a href={LOGIN_PATH} className={buttonClasses('primary', 'md', 'justify-self-start')}>
            Sign in
          </a>
        )}
      </main>
    );
  }
  return <Report check={check} />;
}

function Report({ check }: { check: WebsiteCheck }) {
  const angles = anglesOf(check);
  const working = check.findings.filter((f) => f.passed);
  return (
    <div className="min-h-screen bg-background print:bg-white print:text-black">
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 pt-4 print:hidden">
        <p className="text-sm text-muted-foreground">
          A one-page report to print or save as PDF and send to the business.
        </p>
        <Button size="sm" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          Print report
        </Button>
      </div>
      <main
        id="main"
        className="mx-auto grid max-w-3xl gap-5 px-4 py-6 text-sm print:max-w-none print:gap-3 print:p-0"
      >
        <header className="grid gap-1 border-b border-border pb-4 print:pb-2">
          <p className="font-semibold tracking-wide text-muted-foreground uppercase print:text-black">
            {site.name}
          </p>
          <h1 className="text-2xl font-semibold">Website check for {check.name}</h1>
          <p className="break-all">{check.finalUrl ?? check.website}</p>
          <p className="text-muted-foreground print:text-black">
            Checked {checkedAtText(check.checkedAt)}
          </p>
        </header>

        {check.status === 'checked' ? (
          <>
            <section
              aria-labelledby="report-score"
              className="flex flex-wrap items-baseline gap-x-4 gap-y-1"
            >
              <h2 id="report-score" className="text-lg font-semibold">
                Score: {check.score} out of 100
              </h2>
              <p className="text-muted-foreground print:text-black">
                The page arrived in {duration(check.responseMs ?? 0)} and weighs{' '}
                {kb(check.pageBytes ?? 0)} of HTML.
              </p>
            </section>
            <section aria-labelledby="report-angles" className="grid gap-2">
              <h2 id="report-angles" className="text-lg font-semibold">
                What could be better
              </h2>
              {angles.length === 0 ? (
                <p>Nothing: this homepage passed every check.</p>
              ) : (
                <ul className="grid list-disc gap-1 pl-5">
                  {angles.map((angle) => (
                    <li key={angle}>{angle}</li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="report-details" className="grid gap-2">
              <h2 id="report-details" className="text-lg font-semibold">
                Every check
              </h2>
              <ul className="grid gap-1">
                {check.findings.map((f) => (
                  <li
                    key={f.id}
                    className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 sm:grid-cols-[12rem_9rem_minmax(0,1fr)]"
                  >
                    <span className="font-medium">{f.label}</span>
                    <span className={f.passed ? '' : 'font-semibold'}>
                      {f.passed ? 'Good' : 'Needs work'} ({f.points}/{WEBSITE_CHECK_WEIGHTS[f.id]})
                    </span>
                    <span className="col-span-2 text-muted-foreground sm:col-span-1 print:text-black">
                      {f.detail}
                    </span>
                  </li>
                ))}
              </ul>
              {working.length > 0 && (
                <p className="text-muted-foreground print:text-black">
                  Working well: {working.map((f) => f.label.toLowerCase()).join(', ')}.
                </p>
              )}
            </section>
          </>
        ) : (
          <section aria-labelledby="report-none" className="grid gap-2">
            <h2 id="report-none" className="text-lg font-semibold">
              {check.status === 'blocked' ? 'Not checked' : 'The website could not be checked'}
            </h2>
            <p>{check.message}</p>
          </section>
        )}

        <footer className="border-t border-border pt-3 text-xs text-muted-foreground print:text-black">
          <p>
            Prepared by {site.name} ({site.supportEmail}). We read the homepage once, as a visitor's
            browser would ask for it, and follow the site's robots.txt. The score adds up the points
            of each check passed, out of 100.
          </p>
        </footer>
      </main>
    </div>
  );
}
