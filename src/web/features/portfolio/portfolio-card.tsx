import { useIsFetching } from '@tanstack/react-query';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { PortfolioItem } from '../../../contract/portfolio/portfolio';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog, Dialog, DialogContent } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useFocusAfterRemoving } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { useDeletePortfolioItem } from './admin-api';
import { usePortfolio } from './api';
import { PortfolioForm, portfolioRowId } from './portfolio-form';

type Pending = { kind: 'edit' | 'delete'; item: PortfolioItem } | null;

/**
 * The client websites the landing page shows: add, edit, delete. `/settings#portfolio` (the
 * landing page's Edit button) scrolls here, again once the cards above have loaded.
 */
export function PortfolioCard({ focused }: { focused: boolean }) {
  const portfolio = usePortfolio();
  const remove = useDeletePortfolioItem();
  const [pending, setPending] = useState<Pending>(null);
  const ref = useRef<HTMLElement>(null);
  // Settled: this list is in and nothing else on the page is still loading (and moving it down).
  const settled = useIsFetching() === 0 && !portfolio.isPending;
  const scrolledWhenSettled = useRef(false);
  useEffect(() => {
    if (!focused || scrolledWhenSettled.current) return;
    ref.current?.scrollIntoView({ block: 'start' });
    if (settled) scrolledWhenSettled.current = true;
  }, [focused, settled]);

  // One dialog serves every row; it gives focus back to the button that opened it (components/ui/dialog),
  // or after a delete to the next row, else the previous one, else the list's heading.
  const open = (kind: 'edit' | 'delete', item: PortfolioItem) => setPending({ kind, item });
  const close = () => setPending(null);
  const afterDelete = useFocusAfterRemoving();

  const confirmDelete = () => {
    if (pending?.kind !== 'delete') return;
    const { id } = pending.item;
    remove.mutate(id, {
      onSuccess: () => {
        afterDelete.removing(
          document.getElementById(portfolioRowId(id)),
          document.getElementById('portfolio-list-heading'),
        );
        close();
        toast({ title: 'Portfolio item deleted successfully!' });
      },
      onError: (error) =>
        toast({
          title: errorMessage(error, 'Failed to delete portfolio item'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <section
      id="portfolio"
      ref={ref}
      aria-labelledby="portfolio-heading"
      tabIndex={-1}
      className="scroll-mt-16 outline-none"
    >
      <Card className="p-6">
        <h2 id="portfolio-heading" className="text-lg font-semibold">
          Portfolio Management
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Client websites shown on the landing page under ‘Our Client Websites’.
        </p>
        <h3 id="portfolio-add-title" className="mt-6 font-semibold">
          Add New Client Website
        </h3>
        <div className="mt-3">
          <PortfolioForm labelledBy="portfolio-add-title" />
        </div>
        <h3 id="portfolio-list-heading" className="mt-8 font-semibold">
          Client websites
        </h3>
        {portfolio.isPending && <Skeleton className="mt-4 h-24 w-full" />}
        {portfolio.isError && (
          <p className="mt-4 text-sm text-destructive">
            Error loading the portfolio: {errorMessage(portfolio.error, 'Unknown error')}
          </p>
        )}
        {portfolio.data?.length === 0 && (
          <p className="mt-4 text-sm text-muted-foreground">No portfolio items yet</p>
        )}
        {portfolio.data && portfolio.data.length > 0 && (
          <ul className="mt-2 divide-y divide-border" aria-label="Client websites">
            {portfolio.data.map((item) => (
              <PortfolioRow
                key={item.id}
                item={item}
                onEdit={() => open('edit', item)}
                onDelete={() => open('delete', item)}
              />
            ))}
          </ul>
        )}
      </Card>
      <Dialog open={pending?.kind === 'edit'} onOpenChange={(isOpen) => !isOpen && close()}>
        {pending?.kind === 'edit' && (
          <DialogContent title={`Edit ${pending.item.websiteName}`}>
            <PortfolioForm key={pending.item.id} item={pending.item} onSaved={close} />
          </DialogContent>
        )}
      </Dialog>
      <ConfirmDialog
        open={pending?.kind === 'delete'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Delete this portfolio item?"
        description={`${pending?.item.websiteName ?? ''} no longer shows on the landing page.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        returnFocus={afterDelete.returnFocus}
      />
    </section>
  );
}

function PortfolioRow({
  item,
  onEdit,
  onDelete,
}: {
  item: PortfolioItem;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [logoFailed, setLogoFailed] = useState(false);
  // Focusable by script: focus lands on the row after adding it, or on the next one after a delete.
  return (
    <li
      id={portfolioRowId(item.id)}
      tabIndex={-1}
      className="flex flex-wrap items-start justify-between gap-3 py-4"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {item.logoUrl && !logoFailed ? (
          <img
            src={item.logoUrl}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 shrink-0 rounded-lg bg-white object-contain"
            onError={() => setLogoFailed(true)}
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-navy-900 font-bold text-white"
          >
            {item.websiteName.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-medium">{item.websiteName}</p>
          <p className="break-all text-sm text-muted-foreground">{item.websiteUrl}</p>
          {item.description && (
            <p className="mt-1 text-sm text-muted-foreground">{item.description}</p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={item.websiteUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('outline', 'sm')}
        >
          <ExternalLink className="size-3.5" aria-hidden="true" />
          Visit Site
          <span className="sr-only"> {item.websiteName} (opens in a new tab)</span>
        </a>
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil className="size-3.5" aria-hidden="true" />
          Edit
          <span className="sr-only"> {item.websiteName}</span>
        </Button>
        <Button size="sm" variant="red" onClick={onDelete}>
          <Trash2 className="size-3.5" aria-hidden="true" />
          Delete
          <span className="sr-only"> {item.websiteName}</span>
        </Button>
      </div>
    </li>
  );
}
