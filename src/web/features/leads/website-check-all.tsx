import { useQueryClient } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { useState } from 'react';
import type { BusinessResult } from '../../../contract/businesses/businesses';
import { eachWithLimit, WEBSITE_CHECKS_AT_ONCE } from '../../../contract/leads/website-checks';
import { Button } from '../../components/ui/button';
import { runCheck } from './website-check-api';

interface Progress {
  done: number;
  total: number;
  refused: number;
}

/** 'Check all websites on this page': the page's results with a website, a few at a time, with progress. */
export function CheckAllWebsites({ businesses }: { businesses: readonly BusinessResult[] }) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<Progress | null>(null);
  const withSite = businesses.filter((b) => b.website);
  if (withSite.length === 0) return null;
  const running = progress !== null && progress.done < progress.total;

  const checkAll = async () => {
    if (running) return;
    const total = withSite.length;
    let done = 0;
    let refused = 0;
    setProgress({ done, total, refused });
    await eachWithLimit(
      withSite,
      WEBSITE_CHECKS_AT_ONCE,
      (business) =>
        runCheck(client, business).catch((error: unknown) => {
          refused++;
          throw error;
        }),
      () => setProgress({ done: ++done, total, refused }),
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button variant="outline" size="sm" aria-disabled={running} onClick={() => void checkAll()}>
        <Gauge className="size-4" aria-hidden="true" />
        {running ? 'Checking websites...' : 'Check all websites on this page'}
      </Button>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {progress && `Checked ${progress.done} of ${progress.total}`}
        {progress &&
          progress.refused > 0 &&
          ` (${progress.refused} could not be checked: try those again one by one)`}
      </p>
    </div>
  );
}
