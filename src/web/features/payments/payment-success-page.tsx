import { checkoutPath } from '../../../contract/routes';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { formatAmount as dollars } from '../../../contract/money';
import type { PaymentReceipt, PaymentStatusResult } from '../../../contract/payments';
import { PageSpinner } from '../../components/page-spinner';
import { SiteFooter, SiteHeader } from '../../components/site-chrome';
import { CHECKOUT_STEPS, Steps } from '../../components/ui/steps';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { clearPendingRegistration } from '../registration';
import { useFocusOnArrival } from '../../lib/focus';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paymentStatus } from './api';

const SERVICES = ['Website Development', '2 AI Generated Commercials', 'Social Media Marketing', '24/7 Tech Support'];
const NEXT_STEPS = [
  'Our team will contact you within 24 hours.',
  'We schedule a consultation to learn about your business and goals.',
  'A dedicated project manager guides you through every step.',
];

/**
 * Payment confirmation. The address the browser came back with proves nothing, so the page asks
 * the server, which asks the provider, and says what really happened.
 */
export default function PaymentSuccessPage() {
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
  useDocumentTitle(paid ? 'Payment received' : 'Payment status');
  useEffect(() => {
    if (paid) clearPendingRegistration();
  }, [paid]);

  if (!clientSecret) return <NoPayment />;
  if (status.isPending) return <PageSpinner label="Confirming your payment…" />;
  if (status.error) return <NoPayment />;
  if (paid) return <Paid result={status.data} />;
  return <NotPaid result={status.data} />;
}

function Paid({ result }: { result: PaymentStatusResult }) {
  return (
    <Shell step={2}>
      <CheckCircle2 className="mx-auto size-14 text-green-600" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">Welcome to {site.name}!</h1>
      <p className="mt-2 text-muted-foreground">Your payment was successful and your subscription is now active.</p>
      <div className="mt-8 grid gap-6 text-left sm:grid-cols-2">
        <InfoList id="next-steps" title="Next steps" items={NEXT_STEPS} ordered />
        <InfoList id="services" title="Your services" items={SERVICES} />
      </div>
      {result.receipt && <Receipt plan={result.plan.displayName} receipt={result.receipt} />}
      <SupportLine />
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to Home
      </Link>
    </Shell>
  );
}

function NotPaid({ result }: { result: PaymentStatusResult }) {
  const processing = result.status === 'processing';
  const Icon = processing ? Clock : XCircle;
  return (
    <Shell step={1}>
      <Icon className={`mx-auto size-14 ${processing ? 'text-muted-foreground' : 'text-destructive'}`} aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">{processing ? 'Your payment is processing' : 'Your payment did not go through'}</h1>
      <p className="mt-2 text-muted-foreground" role="status">
        {processing
          ? `The payment of $${result.amount} for ${result.plan.displayName} is still being processed. This page updates by itself.`
          : `${result.message ?? 'The payment was not completed.'} Nothing was charged; your registration is saved and you can try again.`}
      </p>
      <SupportLine />
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {!processing && (
          <Link href={checkoutPath(result.plan.name)} className={buttonClasses('red', 'md')}>
            Back to checkout
          </Link>
        )}
        <Link href="/" className={buttonClasses('outline', 'md')}>
          Back to Home
        </Link>
      </div>
    </Shell>
  );
}

function NoPayment() {
  return (
    <Shell>
      <h1 className="text-2xl font-bold">We could not find this payment</h1>
      <p className="mt-2 text-muted-foreground">
        This page confirms a payment made at checkout. If you paid and landed here by mistake, your receipt is on its way by e-mail.
      </p>
      <SupportLine />
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to Home
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
            <Steps steps={CHECKOUT_STEPS} current={step} label="Your progress" />
          </div>
        )}
        <Card className="p-8 text-center">{children}</Card>
      </main>
      <SiteFooter />
    </>
  );
}

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/** The receipt on screen: what was paid, with what, when, where the e-mail went and what comes next. */
function Receipt({ plan, receipt: r }: { plan: string; receipt: PaymentReceipt }) {
  const rows: [string, string][] = [
    ['Plan', `${plan} (billed per ${r.billingCycle})`],
    ['Amount paid', dollars(r.amount, r.currency)],
    ...(r.card ? [['Card', `${brandName(r.card.brand)} ending in ${r.card.last4}`] as [string, string]] : []),
    ['Date', longDate(r.paidAt)],
    ...(r.email ? [['Receipt sent to', r.email] as [string, string]] : []),
    ...(r.nextCharge ? [['Next charge', `${dollars(r.nextCharge.amount, r.currency)} on ${longDate(r.nextCharge.date)}`] as [string, string]] : []),
  ];
  return (
    <section aria-labelledby="receipt-title" className="mt-8 rounded-lg border border-border p-5 text-left">
      <h2 id="receipt-title" className="font-semibold">
        Receipt{r.businessName ? ` for ${r.businessName}` : ''}
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
          Your price is fixed for the first 12 months. From {longDate(r.renewal.date)} the plan costs {dollars(r.renewal.amount, r.currency)} per{' '}
          {r.billingCycle}.
        </p>
      )}
      <button type="button" onClick={() => window.print()} className={buttonClasses('outline', 'sm', 'mt-4 print:hidden')}>
        Print receipt
      </button>
    </section>
  );
}

function SupportLine() {
  return (
    <p className="mt-8 text-sm">
      Questions? Write to{' '}
      <a className="underline" href={`mailto:${site.supportEmail}`}>
        {site.supportEmail}
      </a>
      .
    </p>
  );
}

function InfoList({ id, title, items, ordered = false }: { id: string; title: string; items: string[]; ordered?: boolean }) {
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
