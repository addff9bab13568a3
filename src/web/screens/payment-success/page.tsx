import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { formatMoney } from '../../../contract/lib/locale-format';
import type { PaymentReceipt, PaymentStatusResult } from '../../../contract/payments/payments';
import { checkoutPath } from '../../../contract/site/routes';
import { MessageLink } from '../../components/message-link';
import { PageSpinner } from '../../components/page-spinner';
import { SiteFooter, SiteHeader } from '../../components/site-chrome';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { declineText } from '../../lib/api';
import { clearPendingRegistration } from '../../features/registration';
import { homeHref, useI18n, useT } from '../../lib/i18n';
import { useFocusOnArrival } from '../../lib/focus';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CheckoutSteps, paymentStatus } from '../../features/payments';
import { useErrorWords } from '../../lib/error-words';

const SERVICES = ['service.website', 'service.commercials', 'service.social', 'service.support'];
const NEXT_STEPS = ['success.next1', 'success.next2', 'success.next3'];

/**
 * Payment confirmation. The address the browser came back with proves nothing, so the page asks
 * the server, which asks the provider, and says what really happened.
 */
export default function PaymentSuccessPage() {
  useErrorWords();
  useFocusOnArrival();
  const search = useSearch();
  const [params] = useState(() => new URLSearchParams(search));
  const clientSecret = params.get('payment_intent_client_secret');
  const status = useQuery({
    queryKey: ['payment-status', clientSecret],
    enabled: Boolean(clientSecret),
    queryFn: () => paymentStatus(clientSecret!, params.get('payment_intent')),
    // A payment still processing is asked again until it settles.
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 3_000 : false),
  });
  const paid = status.data?.status === 'succeeded';
  const _ = useT();
  useDocumentTitle(paid ? _('success.docTitle') : _('success.statusDocTitle'));
  useEffect(() => {
    if (paid) clearPendingRegistration();
  }, [paid]);

  if (!clientSecret) return <NoPayment />;
  if (status.isPending) return <PageSpinner label={_('success.confirming')} />;
  if (status.error) return <NoPayment />;
  if (paid) return <Paid result={status.data} />;
  return <NotPaid result={status.data} />;
}

function Paid({ result }: { result: PaymentStatusResult }) {
  const _ = useT();
  return (
    <Shell step={2}>
      <CheckCircle2 className="mx-auto size-14 text-green-600" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">{_('success.welcome', { name: site.name })}</h1>
      <p className="mt-2 text-muted-foreground">{_('success.text')}</p>
      <div className="mt-8 grid gap-6 text-left sm:grid-cols-2">
        <InfoList
          id="next-steps"
          title={_('success.nextSteps')}
          items={NEXT_STEPS.map((id) => _(id))}
          ordered
        />
        <InfoList id="services" title={_('success.services')} items={SERVICES.map((id) => _(id))} />
      </div>
      {result.receipt && <Receipt plan={result.plan.displayName} receipt={result.receipt} />}
      <SupportLine />
      <Link href={homeHref} className={buttonClasses('primary', 'md', 'mt-6')}>
        {_('common.backHome')}
      </Link>
    </Shell>
  );
}

function NotPaid({ result }: { result: PaymentStatusResult }) {
  const processing = result.status === 'processing';
  const Icon = processing ? Clock : XCircle;
  const i18n = useI18n();
  const _ = useT();
  return (
    <Shell step={1}>
      <Icon
        className={`mx-auto size-14 ${processing ? 'text-muted-foreground' : 'text-destructive'}`}
        aria-hidden="true"
      />
      <h1 className="mt-4 text-3xl font-bold">
        {processing ? _('success.processing') : _('success.notPaid')}
      </h1>
      <p className="mt-2 text-muted-foreground" role="status">
        {processing
          ? _('success.processingText', {
              amount: formatMoney(i18n, result.amount),
              plan: result.plan.displayName,
            })
          : _('success.notPaidText', {
              reason: declineText(result.code, result.message) ?? _('success.notCompleted'),
            })}
      </p>
      <SupportLine />
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {!processing && (
          <Link href={checkoutPath(result.plan.name)} className={buttonClasses('red', 'md')}>
            {_('success.backToCheckout')}
          </Link>
        )}
        <Link href={homeHref} className={buttonClasses('outline', 'md')}>
          {_('common.backHome')}
        </Link>
      </div>
    </Shell>
  );
}

function NoPayment() {
  const _ = useT();
  return (
    <Shell>
      <h1 className="text-2xl font-bold">{_('success.noPayment')}</h1>
      <p className="mt-2 text-muted-foreground">{_('success.noPaymentText')}</p>
      <SupportLine />
      <Link href={homeHref} className={buttonClasses('primary', 'md', 'mt-6')}>
        {_('common.backHome')}
      </Link>
    </Shell>
  );
}

function Shell({ children, step }: { children: ReactNode; step?: number }) {
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-2xl px-4 py-10">
        {step !== undefined && (
          <div className="mb-6 flex justify-center">
            <CheckoutSteps current={step} />
          </div>
        )}
        <Card className="p-8 text-center">{children}</Card>
      </main>
      <SiteFooter />
    </>
  );
}

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/** The receipt on screen: what was paid, with what, when, where the e-mail went and what comes next. */
function Receipt({ plan, receipt: r }: { plan: string; receipt: PaymentReceipt }) {
  const i18n = useI18n();
  const _ = useT();
  // In the browser's time zone: the day the client paid, as they saw it.
  const longDate = (iso: string) =>
    i18n.date(iso, { year: 'numeric', month: 'long', day: 'numeric' });
  const money = (amount: string) => formatMoney(i18n, amount, r.currency);
  const rows: [string, string][] = [
    [
      _('receipt.plan'),
      _('receipt.planValue', { plan, cycle: _('common.cycle', { cycle: r.billingCycle }) }),
    ],
    [_('receipt.amount'), money(r.amount)],
    ...(r.card
      ? [
          [
            _('receipt.card'),
            _('receipt.cardValue', { brand: brandName(r.card.brand), last4: r.card.last4 }),
          ] as [string, string],
        ]
      : []),
    [_('receipt.date'), longDate(r.paidAt)],
    ...(r.email ? [[_('receipt.sentTo'), r.email] as [string, string]] : []),
    ...(r.nextCharge
      ? [
          [
            _('receipt.nextCharge'),
            _('receipt.nextChargeValue', {
              amount: money(r.nextCharge.amount),
              date: longDate(r.nextCharge.date),
            }),
          ] as [string, string],
        ]
      : []),
  ];
  return (
    <section
      aria-labelledby="receipt-title"
      className="mt-8 rounded-lg border border-border p-5 text-left"
    >
      <h2 id="receipt-title" className="font-semibold">
        {r.businessName ? _('receipt.titleFor', { business: r.businessName }) : _('receipt.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {r.renewal && (
        <p className="mt-3 text-sm text-muted-foreground">
          {_('receipt.renewal', {
            date: longDate(r.renewal.date),
            amount: money(r.renewal.amount),
            cycle: _('common.cycle', { cycle: r.billingCycle }),
          })}
        </p>
      )}
      <button
        type="button"
        onClick={() => window.print()}
        className={buttonClasses('outline', 'sm', 'mt-4 print:hidden')}
      >
        {_('receipt.print')}
      </button>
    </section>
  );
}

function SupportLine() {
  const _ = useT();
  return (
    <p className="mt-8 text-sm">
      <MessageLink
        message={_('success.support', { email: site.supportEmail })}
        link={(text) => (
          <a className="underline" href={`mailto:${site.supportEmail}`}>
            {text}
          </a>
        )}
      />
    </p>
  );
}

function InfoList({
  id,
  title,
  items,
  ordered = false,
}: {
  id: string;
  title: string;
  items: string[];
  ordered?: boolean;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <List className={`mt-2 space-y-1 pl-5 text-sm ${ordered ? 'list-decimal' : 'list-disc'}`}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </List>
    </section>
  );
}
