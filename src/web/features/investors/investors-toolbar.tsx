import { Download, Sparkles, Upload, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog, DialogTrigger } from '../../components/ui/dialog';
import { toast } from '../../lib/toast';
import { useDiscoverInvestors } from './api';
import { ImportDialogContent } from './import-dialog';
import { InvestorFormContent } from './investor-form-dialog';
import { investorsExportUrl, type InvestorFilters } from './url-state';

/** Add by hand, import and export CSV (docs/product.md §10–11), and the spec's Auto-Discover. */
export function InvestorsToolbar({ filters }: { filters: InvestorFilters }) {
  // Each dialog's content mounts only while open, so it starts empty every time.
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <Dialog open={adding} onOpenChange={setAdding}>
          <DialogTrigger asChild>
            <Button>
              <UserPlus className="size-4" aria-hidden="true" />
              Add investor
            </Button>
          </DialogTrigger>
          {adding && <InvestorFormContent onDone={() => setAdding(false)} />}
        </Dialog>
        <Dialog open={importing} onOpenChange={setImporting}>
          <DialogTrigger asChild>
            <Button variant="outline">
              <Upload className="size-4" aria-hidden="true" />
              Import CSV
            </Button>
          </DialogTrigger>
          {importing && <ImportDialogContent />}
        </Dialog>
        <a href={investorsExportUrl(filters)} download className={buttonClasses('outline', 'md')}>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      </div>
      <DiscoverPanel />
    </div>
  );
}

function DiscoverPanel() {
  const discover = useDiscoverInvestors();
  const run = () =>
    discover.mutate(undefined, {
      onSuccess: ({ count }) =>
        toast({
          title: 'Investors Discovered!',
          description: `Found ${count} new investors with LinkedIn profiles`,
        }),
      onError: () =>
        toast({
          title: 'Discovery Failed',
          description: 'Failed to discover investors. Please try again.',
          variant: 'destructive',
        }),
    });
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-navy-50 p-4 sm:flex-row sm:items-center dark:bg-muted">
      <Button
        variant="red"
        className="shrink-0"
        disabled={discover.isPending}
        aria-describedby="discover-note"
        onClick={run}
      >
        <Sparkles className="size-4" aria-hidden="true" />
        {discover.isPending ? 'Discovering...' : 'Auto-Discover Investors'}
      </Button>
      <p id="discover-note" className="text-sm text-foreground">
        Finds top venture capital investors with LinkedIn profiles, from public Wikidata records or
        the demo list, never by scraping LinkedIn.
      </p>
    </div>
  );
}
