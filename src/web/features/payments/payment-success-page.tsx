import { checkoutPath } from '../../../contract/routes';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { PaymentStatusResult } from '../../../contract/payments';
import { PageSpinner } from '../../components/page-spinner';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { clearPendingRegistration } from '../registration';
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
  const [params] = useState(() => new URLSearchParams(window.location.search));
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
  if (paid) return <Paid />;
  return <NotPaid result={status.data} />;
}

function Paid() {
  return (
    <Shell>
      <CheckCircle2 className="mx-auto size-14 text-green-600" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">Welcome to {site.name}!</h1>
      <p className="mt-2 text-muted-foreground">Your payment was successful and your subscription is now active.</p>
      <div className="mt-8 grid gap-6 text-left sm:grid-cols-2">
        <InfoList id="next-steps" title="Next steps" items={NEXT_STEPS} ordered />
        <InfoList id="services" title="Your services" items={SERVICES} />
      </div>
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
    <Shell>
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

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <Card className="p-8 text-center">{children}</Card>
    </main>
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
