import { useState, type ChangeEvent } from 'react';
import {
  INVESTOR_CSV_MAX_BYTES,
  INVESTOR_CSV_TOO_LARGE,
  type InvestorImportResult,
} from '../../../contract/investors/investors';
import { Button } from '../../components/ui/button';
import { DialogClose, DialogContent } from '../../components/ui/dialog';
import { describedBy, Field, Input } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useImportInvestors, usePreviewImport } from './api';
import { investorsCount } from './format';

const PREVIEW_NAMES = 5;
const LISTED_ERRORS = 50;
const HINT =
  'A header row with name (required) and any of: title, firm, location, linkedin_url, email, profile_photo, linkedin_connections, network_value, expertise, portfolio_companies, investment_range, portfolio_size, stages, industries. Separate list items with ";". Export CSV gives a file in this shape.';

/**
 * Import in two steps: choosing a file runs a dry run (nothing stored) that shows the good rows
 * and each bad row by its line number; then the good rows are stored. A known profile URL
 * updates that investor instead of adding a second one.
 */
export function ImportDialogContent() {
  const preview = usePreviewImport();
  const store = useImportInvestors();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    preview.reset();
    store.reset();
    setCsv(null);
    setFileError(undefined);
    if (!file) return;
    if (file.size > INVESTOR_CSV_MAX_BYTES) {
      setFileError(INVESTOR_CSV_TOO_LARGE);
      return;
    }
    const text = await file.text();
    setCsv(text);
    preview.mutate(text);
  };
  const importRows = () => {
    if (csv === null) return;
    store.mutate(csv, {
      onSuccess: ({ added, updated }) =>
        toast({ title: 'Investors imported', description: `${added} added, ${updated} updated` }),
      onError: (error) =>
        toast({
          title: 'Import failed',
          description: errorMessage(error, 'Nothing was imported. Please try again.'),
          variant: 'destructive',
        }),
    });
  };
  const good = preview.data?.preview.length ?? 0;

  return (
    <DialogContent
      title="Import investors from CSV"
      description="Check the file first; nothing is stored until you confirm."
    >
      <div className="grid gap-4">
        <Field id="investor-import-file" label="CSV file" hint={HINT} error={fileError}>
          <Input
            id="investor-import-file"
            type="file"
            accept=".csv,text/csv"
            className="h-auto py-2"
            onChange={(e) => void choose(e)}
            aria-invalid={Boolean(fileError)}
            aria-describedby={describedBy('investor-import-file', fileError, HINT)}
          />
        </Field>
        <div aria-live="polite" className="grid gap-3 text-sm">
          {preview.isPending && <p>Checking the file...</p>}
          {preview.isError && (
            <p className="font-medium text-destructive">
              {errorMessage(preview.error, 'The file could not be checked. Please try again.')}
            </p>
          )}
          {preview.data && <PreviewSummary result={preview.data} />}
          {store.data && (
            <p className="rounded-md bg-muted px-3 py-2 font-medium">
              Imported: {store.data.added} added, {store.data.updated} updated.
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{store.data ? 'Close' : 'Cancel'}</Button>
          </DialogClose>
          {!store.data && (
            <Button
              disabled={good === 0 || store.isPending || preview.isPending}
              onClick={importRows}
            >
              {store.isPending ? 'Importing...' : `Import ${investorsCount(good)}`}
            </Button>
          )}
        </div>
      </div>
    </DialogContent>
  );
}

function PreviewSummary({ result }: { result: InvestorImportResult }) {
  const names = result.preview.slice(0, PREVIEW_NAMES).map((r) => r.name);
  const more = result.preview.length - names.length;
  return (
    <>
      <div>
        <p className="font-semibold">
          {result.preview.length === 0
            ? 'No rows can be imported from this file.'
            : `${investorsCount(result.preview.length)} ready to import`}
        </p>
        {names.length > 0 && (
          <p className="text-muted-foreground">
            {names.join(', ')}
            {more > 0 && ` and ${more} more`}
          </p>
        )}
      </div>
      {result.errors.length > 0 && (
        <div>
          <p className="font-semibold text-destructive">
            {result.errors.length === 1
              ? '1 row has an error and will be skipped:'
              : `${result.errors.length} rows have errors and will be skipped:`}
          </p>
          <ul className="mt-1 grid gap-1 rounded-md border border-border p-2">
            {result.errors.slice(0, LISTED_ERRORS).map((e) => (
              <li key={e.row}>
                <span className="font-medium">Line {e.row}:</span> {e.message}
              </li>
            ))}
            {result.errors.length > LISTED_ERRORS && (
              <li className="text-muted-foreground">
                and {result.errors.length - LISTED_ERRORS} more
              </li>
            )}
          </ul>
        </div>
      )}
    </>
  );
}
