import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { WEB_PATHS } from '../../../contract/site/routes';
import { PageSpinner } from '../../components/page-spinner';
import { SiteFooter, SiteHeader } from '../../components/site-chrome';
import { Button, buttonClasses } from '../../components/ui/button';
import {
  InvoiceDocument,
  UpdateCardDialog,
  useAccount,
  useAccountInvoice,
} from '../../features/account';
import { ApiError, errorMessage } from '../../lib/api';
import { useFocusOnArrival } from '../../lib/focus';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useErrorWords } from '../../lib/error-words';

/**
 * One invoice at its own address (`/account/invoices/INV-001001`, issue 28 §6), to keep, share
 * with a bookkeeper or print: printed, the page is the invoice alone. An open (failed) invoice
 * offers 'Pay now', the billing page's card form, which pays it.
 */
export default function InvoicePage() {
  useErrorWords();
  const { number = '' } = useParams<{ number: string }>();
  const _ = useT();
  useDocumentTitle(_('invoices.docTitle', { number }));
  useFocusOnArrival();
  const invoice = useAccountInvoice(number);
  // Pay now needs the account (test card form or Stripe's); only asked for when it applies.
  const account = useAccount(invoice.data?.payable === true);
  const queryClient = useQueryClient();
  const back = (
    <Link href={WEB_PATHS.account} className={buttonClasses('outline', 'md')}>
      {_('invoices.back')}
    </Link>
  );

  let body;
  if (invoice.isPending) body = <PageSpinner label={_('invoices.loading')} />;
  else if (invoice.error) {
    const status = invoice.error instanceof ApiError ? invoice.error.status : 0;
    body = (
      <div className="mx-auto max-w-lg">
        <h1 className="text-2xl font-bold">
          {status === 401 ? _('invoices.signInFirst') : _('invoices.notFound')}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {status === 401
            ? _('invoices.signInFirstText')
            : status === 404
              ? _('invoices.notFoundText', { number })
              : errorMessage(invoice.error, _('common.pleaseTryAgain'))}
        </p>
        <div className="mt-6">{back}</div>
      </div>
    );
  } else {
    const { data } = invoice;
    body = (
      <article aria-labelledby="invoice-title" className="mx-auto max-w-2xl">
        <div className="flex flex-wrap gap-2 print:hidden">
          {back}
          <Button variant="outline" onClick={() => window.print()}>
            {_('invoices.print')}
          </Button>
          {data.payable && account.data && (
            <UpdateCardDialog
              account={account.data}
              variant="red"
              payInvoice={data.invoice}
              onPaid={() => void queryClient.invalidateQueries({ queryKey: ['account-invoice'] })}
            />
          )}
        </div>
        <InvoiceDocument invoice={data.invoice} business={data.business} />
      </article>
    );
  }
  return (
    <>
      <div className="print:hidden">
        <SiteHeader />
      </div>
      <main className="mx-auto min-h-[60vh] max-w-4xl px-4 py-10 print:max-w-none print:p-0">
        {body}
      </main>
      <div className="print:hidden">
        <SiteFooter />
      </div>
    </>
  );
}
