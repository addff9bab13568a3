import { FileText, Gauge } from 'lucide-react';
import type { BusinessResult } from '../../../contract/businesses/businesses';
import type { WebsiteCheck } from '../../../contract/leads/website-checks';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import {
  useCheckRunning,
  useRunWebsiteCheck,
  useWebsiteCheck,
  websiteReportPath,
} from './website-check-api';

/** Most angles a card shows; the report lists them all. */
const CARD_ANGLES = 4;

export const checkedAtText = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

export const anglesOf = (check: WebsiteCheck) =>
  check.findings.filter((f) => !f.passed && f.angle).map((f) => f.angle!);

/** What a check says in one line: its score, or why there is none. */
export function checkSummary(check: WebsiteCheck): string {
  if (check.status === 'checked') return `Website score ${check.score} out of 100`;
  if (check.status === 'blocked') return check.message ?? 'Not checked: robots.txt asks us not to.';
  return `The website could not be checked: ${check.message ?? 'it did not answer.'}`;
}

interface WebsiteCheckPanelProps {
  business: BusinessResult;
  /** The id of the result's heading, so 'Check website' says which business it checks. */
  describedBy: string;
}

/** 'Check website' on a search result with a website: its latest score, sales angles and report. */
export function WebsiteCheckPanel({ business, describedBy }: WebsiteCheckPanelProps) {
  const latest = useWebsiteCheck(business.id);
  const run = useRunWebsiteCheck();
  const running = useCheckRunning(business.id);
  if (!business.website) return null;
  const check = latest.data ?? null;
  const angles = check ? anglesOf(check) : [];
  const busy = run.isPending || running;

  return (
    <div className="grid gap-2 justify-self-stretch border-t border-border pt-3 text-sm">
      <div aria-live="polite" className="grid gap-1">
        {busy ? (
          <p className="text-muted-foreground">Checking the website…</p>
        ) : check ? (
          <>
            <p className="flex flex-wrap items-center gap-x-2 font-medium">
              <Gauge className="size-4 shrink-0" aria-hidden="true" />
              {checkSummary(check)}
            </p>
            <p className="text-xs text-muted-foreground">
              Checked {checkedAtText(check.checkedAt)}
            </p>
          </>
        ) : latest.isError ? (
          <p className="text-muted-foreground">Earlier checks could not be loaded.</p>
        ) : null}
      </div>
      {!busy && angles.length > 0 && (
        <ul className="grid list-disc gap-0.5 pl-5" aria-label="Sales angles">
          {angles.slice(0, CARD_ANGLES).map((angle) => (
            <li key={angle}>{angle}</li>
          ))}
          {angles.length > CARD_ANGLES && (
            <li className="list-none text-muted-foreground">
              and {angles.length - CARD_ANGLES} more in the report
            </li>
          )}
        </ul>
      )}
      {run.isError && (
        <p role="alert" className="text-destructive">
          {errorMessage(run.error, 'The website check did not run. Please try again.')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-disabled={busy}
          aria-describedby={describedBy}
          onClick={() => !busy && run.mutate(business)}
        >
          {busy ? 'Checking...' : check ? 'Check again' : 'Check website'}
        </Button>
        {check && !busy && (
          <a
            href={websiteReportPath(check.id)}
            target="_blank"
            rel="noopener"
            aria-describedby={describedBy}
            className="inline-flex h-9 items-center gap-1.5 rounded-md px-3 underline-offset-4 hover:underline focus-visible:underline"
          >
            <FileText className="size-4" aria-hidden="true" />
            Printable report
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </div>
  );
}
