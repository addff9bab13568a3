import { Copy, Lock, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Redirect, useLocation, useParams, useSearch } from 'wouter';
import { formatDollars, renewalNote, type SubscriptionPlan } from '../../../contract/plans';
import { CHECKOUT_REGISTRATION_PARAM, checkoutPath } from '../../../contract/routes';
import { PageSpinner } from '../../components/page-spinner';
import { SiteFooter, SiteHeader } from '../../components/site-chrome';
import { CHECKOUT_STEPS, Steps } from '../../components/ui/steps';
import { PlanFeatures } from '../plans';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError, errorMessage } from '../../lib/api';
import { usePendingRegistrationId } from '../registration';
import { site } from '../../lib/site';
import { focusWhenShown, useFocusOnArrival } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePlans } from '../plans';
import { successUrl, usePaymentIntent } from './api';
import { PaymentForm, PaymentFormSkeleton } from './payment-form';

/** The plan, its order summary and the card payment (docs/product.md §2, 'Checkout'). */
export default function CheckoutPage() {
  const { planName } = useParams<{ planName: string }>();
  const { data: plans, isPending, error } = usePlans();
  useDocumentTitle('Checkout');
  useFocusOnArrival();
  if (!planName) return <Redirect to="/" />;
  if (isPending) return <PageSpinner label="Loading your plan…" />;
  if (error) return <Message title="We could not load the plans." text={errorMessage(error, 'Please try again.')} />;
  const plan = plans.find((p) => p.name === planName);
  if (!plan) return <Message title="Plan Not Found" text="The selected plan could not be found." />;
  return (
    <>
      <SiteHeader />
      <Checkout plan={plan} />
      <SiteFooter />
    </>
  );
}

/**
 * The registration being paid for: the checkout link names it (`?registration=…`, e-mailed and
 * shown after registering, so it works in any tab or device); otherwise the one this tab registered.
 */
function useRegistrationToPay(): string | null {
  const fromLink = new URLSearchParams(useSearch()).get(CHECKOUT_REGISTRATION_PARAM);
  const pending = usePendingRegistrationId();
  if (fromLink && /^[0-9a-f-]{36}$/i.test(fromLink)) return fromLink;
  return pending;
}

function Checkout({ plan }: { plan: SubscriptionPlan }) {
  const registrationId = useRegistrationToPay();
  const note = renewalNote(plan);
  return (
    <main className="mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-[1fr_26rem]">
      <div className="lg:col-span-2">
        <Steps steps={CHECKOUT_STEPS} current={registrationId ? 1 : 0} label="Your progress" />
      </div>
      <section aria-labelledby="plan-title">
        <Badge variant="red">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Veteran owned Business
        </Badge>
        <h1 id="plan-title" className="mt-4 text-3xl font-bold">
          {plan.displayName}
        </h1>
        <p className="mt-2 text-muted-foreground">{plan.description}</p>
        <Card className="mt-6 p-6">
          <p>
            <span className="text-3xl font-extrabold">${formatDollars(plan.price)}</span>
            <span className="text-muted-foreground">/{plan.billingCycle}</span>
          </p>
          {note && <p className="mt-1 text-sm text-muted-foreground">{note}</p>}
          <PlanFeatures features={plan.features} className="mt-4 grid gap-2 text-sm" />
        </Card>
        <Link href="/" className={buttonClasses('outline', 'md', 'mt-6')}>
          Back to Home
        </Link>
      </section>
      <Card className="h-fit p-6">
        <h2 id="summary-title" className="text-xl font-bold">
          Order summary
        </h2>
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
          <dt>{plan.displayName} plan</dt>
          <dd className="text-right">${plan.price}</dd>
          <dt className="text-muted-foreground">Billed</dt>
          <dd className="text-right text-muted-foreground">every {plan.billingCycle}</dd>
          {note && <dd className="col-span-2 text-muted-foreground">{note}</dd>}
        </dl>
        <p className="mt-3 flex justify-between border-t border-border pt-3 font-bold">
          <span>Due today</span>
          <span>${plan.price}</span>
        </p>
        <div className="mt-6">
          {registrationId ? (
            <>
              <Payment plan={plan} registrationId={registrationId} />
              <CheckoutLink path={checkoutPath(plan.name, registrationId)} />
            </>
          ) : (
            <p role="note" className="rounded-lg border border-border bg-muted p-4 text-sm">
              To take this plan, first{' '}
              <a className="underline" href="/#register">
                register your business
              </a>{' '}
              on our home page; you come back here to pay.
            </p>
          )}
        </div>
        <p className="mt-4 flex items-center gap-2 text-xs text-muted-foreground">
          <Lock className="size-3.5" aria-hidden="true" />
          Your card details go straight to the payment provider; we never see or store your card number.
        </p>
      </Card>
    </main>
  );
}

function Payment({ plan, registrationId }: { plan: SubscriptionPlan; registrationId: string }) {
  const intent = usePaymentIntent(plan, registrationId);
  const [, navigate] = useLocation();
  const [declined, setDeclined] = useState<string | null>(null);

  useEffect(() => {
    if (intent.error) toast({ title: 'Payment Setup Failed', description: 'Unable to initialize payment. Please try again.', variant: 'destructive' });
  }, [intent.error]);

  if (intent.isPending) return <PaymentFormSkeleton />;
  if (intent.error) {
    const alreadyPaid = intent.error instanceof ApiError && intent.error.status === 409;
    return (
      <div role="alert" className="grid gap-3 text-sm">
        <p>{errorMessage(intent.error, 'Unable to initialize payment. Please try again.')}</p>
        {alreadyPaid ? (
          <Link href="/" className={buttonClasses('outline', 'md')}>
            Back to Home
          </Link>
        ) : (
          <Button variant="outline" onClick={() => void intent.refetch()} disabled={intent.isFetching}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const { clientSecret } = intent.data;
  return (
    <>
      {declined && (
        <div id="payment-declined" role="alert" className="mb-4 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p className="font-semibold text-destructive">{declined}</p>
          <p className="mt-1">
            Nothing was charged. Check the card number, expiry date and CVC and try again, or use another card. Your registration is saved.
          </p>
        </div>
      )}
      <PaymentForm
        intent={intent.data}
        payLabel={`Pay $${intent.data.amount}`}
        onPaid={(paymentIntentId, status) => {
          if (status === 'succeeded') {
            toast({ title: 'Payment Successful', description: 'Thank you for your purchase! Your subscription is now active.' });
          }
          navigate(successUrl(paymentIntentId, clientSecret));
        }}
        onFailed={(message) => {
          setDeclined(message);
          // The keyboard starts again from what went wrong, just above the card fields.
          focusWhenShown(() => document.getElementById('payment-declined'));
          toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
        }}
      />
    </>
  );
}

/** The checkout link, to finish paying later or on another device (also e-mailed at registration). */
function CheckoutLink({ path }: { path: string }) {
  const url = `${site.origin}${path}`;
  const [copied, setCopied] = useState<boolean | null>(null);
  // Without clipboard access (an older browser, an insecure origin) say so rather than do nothing.
  const copy = () => {
    if (!navigator.clipboard) return setCopied(false);
    void navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="mt-6 rounded-lg border border-border bg-muted p-4 text-sm">
      <p className="font-semibold">Finish later?</p>
      <p className="mt-1 text-muted-foreground">This link opens this checkout on any device until you have paid. We e-mailed it to you too.</p>
      <p className="mt-2 break-all">
        <a className="underline" href={path} data-testid="checkout-link">
          {url}
        </a>
      </p>
      <Button variant="outline" size="sm" className="mt-2" onClick={copy}>
        <Copy className="size-4" aria-hidden="true" />
        {copied ? 'Link copied' : 'Copy link'}
      </Button>
      <p role="status" className="mt-1 text-xs text-muted-foreground">
        {copied === false ? 'Copying is not allowed here: select the link above and copy it.' : ''}
      </p>
    </div>
  );
}

function Message({ title, text }: { title: string; text: string }) {
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{text}</p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to Home
      </Link>
    </main>
  );
}
