import { ChevronDown, Copy, Lock, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Redirect, useLocation, useParams, useSearch } from 'wouter';
import { formatMoney } from '../../../contract/lib/locale-format';
import type { SubscriptionPlan } from '../../../contract/plans/plans';
import {
  CHECKOUT_REGISTRATION_PARAM,
  checkoutPath,
  WEB_PATHS,
} from '../../../contract/site/routes';
import { MessageLink } from '../../components/message-link';
import { PageSpinner } from '../../components/page-spinner';
import { SiteFooter, SiteHeader } from '../../components/site-chrome';
import { PlanFeatures, PlanPrice, priceStory } from '../../features/plans';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError, errorMessage } from '../../lib/api';
import { contentText, homeHref, pageLocale, pagePath, useI18n, useT } from '../../lib/i18n';
import { usePendingRegistrationId } from '../../features/registration';
import { site } from '../../lib/site';
import { focusWhenShown, useFocusOnArrival } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useHydrated } from '../../lib/use-hydrated';
import { usePlans } from '../../features/plans';
import {
  CheckoutSteps,
  PaymentForm,
  PaymentFormSkeleton,
  successUrl,
  usePaymentIntent,
} from '../../features/payments';
import { useErrorWords } from '../../lib/error-words';

/** The plan, its order summary and the card payment (docs/product.md §2, 'Checkout'). */
export default function CheckoutPage() {
  useErrorWords();
  const { planName } = useParams<{ planName: string }>();
  const { data: plans, isPending, error } = usePlans();
  const _ = useT();
  const plan = plans?.find((p) => p.name === planName);
  // The title the server wrote into the page's head (src/server/http/shell.ts), so it stays the same.
  useDocumentTitle(
    plan ? _('checkout.planDocTitle', { plan: plan.displayName }) : _('checkout.docTitle'),
  );
  useFocusOnArrival();
  if (!planName) return <Redirect to={homeHref} />;
  if (isPending) return <PageSpinner label={_('checkout.loading')} />;
  if (error)
    return (
      <Message
        title={_('plans.loadFailed')}
        text={errorMessage(error, _('common.pleaseTryAgain'))}
      />
    );
  if (!plan) return <Message title={_('checkout.notFound')} text={_('checkout.notFoundText')} />;
  return (
    <>
      <SiteHeader />
      <Checkout plan={plan} />
      <SiteFooter />
    </>
  );
}

/** A registration the link names, until the page is hydrated: the server renders one page for every link (docs/decisions/022). */
const LINKED = 'linked';

/**
 * The registration being paid for: the checkout link names it (`?registration=…`, e-mailed and
 * shown after registering, so it works in any tab or device); otherwise the one this tab registered.
 * The server and the hydrating browser know only that the link names one (`LINKED`): the id is the
 * visitor's and comes into the page once it runs.
 */
function useRegistrationToPay(): string | null {
  const fromLink = new URLSearchParams(useSearch()).get(CHECKOUT_REGISTRATION_PARAM);
  const pending = usePendingRegistrationId();
  const hydrated = useHydrated();
  if (fromLink && /^[0-9a-f-]{36}$/i.test(fromLink)) return hydrated ? fromLink : LINKED;
  return pending;
}

/**
 * On a phone the card form comes in the first screen (issue 28 §6): the plan's name and what is
 * due today above it, the order's lines folded behind 'Order summary', the plan's description and
 * features below. From `lg` the plan is on the left and the summary, open, beside it.
 */
function Checkout({ plan }: { plan: SubscriptionPlan }) {
  const registrationId = useRegistrationToPay();
  const i18n = useI18n();
  const _ = useT();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const price = formatMoney(i18n, plan.price, plan.currency);
  const note = priceStory(i18n, plan);
  const description = contentText(plan.description, plan.descriptionEs);
  return (
    <main className="mx-auto grid max-w-5xl gap-x-8 gap-y-4 px-4 py-6 sm:py-10 lg:grid-cols-[1fr_26rem] lg:gap-y-6">
      <div className="lg:col-span-2">
        <CheckoutSteps current={registrationId ? 1 : 0} />
      </div>
      <div className="lg:col-start-1 lg:row-start-2">
        <Badge variant="red">
          <ShieldCheck className="size-4" aria-hidden="true" />
          {_('checkout.badge')}
        </Badge>
        <h1 id="plan-title" className="mt-2 text-2xl font-bold sm:text-3xl lg:mt-4">
          {plan.displayName}
        </h1>
      </div>
      <Card className="h-fit p-4 sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-2">
        <h2 id="summary-title" className="text-lg font-bold lg:text-xl">
          <button
            type="button"
            aria-expanded={summaryOpen}
            aria-controls="summary-lines"
            onClick={() => setSummaryOpen((open) => !open)}
            className="flex w-full items-center justify-between gap-2 rounded-md text-left lg:hidden"
          >
            {_('checkout.summary')}
            <ChevronDown
              className={`size-5 transition-transform ${summaryOpen ? 'rotate-180' : ''}`}
              aria-hidden="true"
            />
          </button>
          <span className="hidden lg:inline">{_('checkout.summary')}</span>
        </h2>
        <dl
          id="summary-lines"
          className={`mt-3 grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm lg:mt-4 lg:grid ${summaryOpen ? 'grid' : 'hidden'}`}
        >
          <dt>{_('checkout.planLine', { plan: plan.displayName })}</dt>
          <dd className="text-right">{price}</dd>
          <dt className="text-muted-foreground">{_('checkout.billed')}</dt>
          <dd className="text-right text-muted-foreground">
            {_('checkout.every', { cycle: _('common.cycle', { cycle: plan.billingCycle }) })}
          </dd>
          <dd className="col-span-2 text-muted-foreground">{note}</dd>
        </dl>
        <p
          className="mt-3 flex justify-between border-t border-border pt-3 font-bold"
          data-testid="due-today"
        >
          <span>{_('checkout.dueToday')}</span>
          <span>{price}</span>
        </p>
        <div className="mt-4 sm:mt-6">
          {registrationId === LINKED ? (
            <>
              <PaymentFormSkeleton />
              <CheckoutLink path={null} />
            </>
          ) : registrationId ? (
            <>
              <Payment plan={plan} registrationId={registrationId} />
              <CheckoutLink path={checkoutPath(plan.name, registrationId, pageLocale)} />
            </>
          ) : (
            <p role="note" className="rounded-lg border border-border bg-muted p-4 text-sm">
              <MessageLink
                message={_('checkout.registerFirst')}
                link={(text) => (
                  <a className="underline" href={`${pagePath('/')}#register`}>
                    {text}
                  </a>
                )}
              />
            </p>
          )}
        </div>
        <p className="mt-4 flex items-center gap-2 text-xs text-muted-foreground">
          <Lock className="size-3.5" aria-hidden="true" />
          {_('checkout.cardPrivacy')}
        </p>
        <p className="mt-2 text-xs">
          <Link className="underline" href={WEB_PATHS.cancellationPolicy}>
            {_('checkout.cancellationPolicy')}
          </Link>
        </p>
      </Card>
      <section aria-labelledby="plan-title" className="lg:col-start-1 lg:row-start-3">
        <p className="text-muted-foreground" lang={description.lang}>
          {description.text}
        </p>
        <Card className="mt-6 p-6">
          <PlanPrice plan={plan} priceClass="text-3xl font-extrabold" />
          <PlanFeatures
            features={plan.features}
            featuresEs={plan.featuresEs}
            className="mt-4 grid gap-2 text-sm"
          />
        </Card>
        <Link href={homeHref} className={buttonClasses('outline', 'md', 'mt-6')}>
          {_('common.backHome')}
        </Link>
      </section>
    </main>
  );
}

function Payment({ plan, registrationId }: { plan: SubscriptionPlan; registrationId: string }) {
  const intent = usePaymentIntent(plan, registrationId);
  const [, navigate] = useLocation();
  const [declined, setDeclined] = useState<string | null>(null);
  const i18n = useI18n();
  const _ = useT();

  useEffect(() => {
    if (intent.error)
      toast({
        title: _('pay.setupFailed'),
        description: _('pay.setupFailedText'),
        variant: 'destructive',
      });
  }, [intent.error, _]);

  if (intent.isPending) return <PaymentFormSkeleton />;
  if (intent.error) {
    const alreadyPaid = intent.error instanceof ApiError && intent.error.status === 409;
    return (
      <div role="alert" className="grid gap-3 text-sm">
        <p>{errorMessage(intent.error, _('pay.setupFailedText'))}</p>
        {alreadyPaid ? (
          <Link href={homeHref} className={buttonClasses('outline', 'md')}>
            {_('common.backHome')}
          </Link>
        ) : (
          <Button
            variant="outline"
            onClick={() => void intent.refetch()}
            disabled={intent.isFetching}
          >
            {_('common.tryAgain')}
          </Button>
        )}
      </div>
    );
  }
  const { clientSecret } = intent.data;
  return (
    <>
      {declined && (
        <div
          id="payment-declined"
          role="alert"
          className="mb-4 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          <p className="font-semibold text-destructive">{declined}</p>
          <p className="mt-1">{_('pay.declinedHelp')}</p>
        </div>
      )}
      <PaymentForm
        intent={intent.data}
        payLabel={_('pay.button', { amount: formatMoney(i18n, intent.data.amount, plan.currency) })}
        onPaid={(paymentIntentId, status) => {
          if (status === 'succeeded') {
            toast({ title: _('pay.succeeded'), description: _('pay.succeededText') });
          }
          navigate(successUrl(paymentIntentId, clientSecret));
        }}
        onFailed={(message) => {
          setDeclined(message);
          // The keyboard starts again from what went wrong, just above the card fields.
          focusWhenShown(() => document.getElementById('payment-declined'));
          toast({ title: _('pay.failed'), description: message, variant: 'destructive' });
        }}
      />
    </>
  );
}

/** The checkout link, to finish paying later or on another device (also e-mailed at registration); `null` until the page runs. */
function CheckoutLink({ path }: { path: string | null }) {
  const url = path === null ? null : `${site.origin}${path}`;
  const [copied, setCopied] = useState<boolean | null>(null);
  const _ = useT();
  // Without clipboard access (an older browser, an insecure origin) say so rather than do nothing.
  const copy = () => {
    if (url === null) return;
    if (!navigator.clipboard) return setCopied(false);
    void navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="mt-6 rounded-lg border border-border bg-muted p-4 text-sm">
      <p className="font-semibold">{_('checkout.later')}</p>
      <p className="mt-1 text-muted-foreground">{_('checkout.laterText')}</p>
      <p className="mt-2 break-all">
        {url === null ? (
          '\u00a0'
        ) : (
          <a className="underline" href={path!} data-testid="checkout-link">
            {url}
          </a>
        )}
      </p>
      <Button variant="outline" size="sm" className="mt-2" onClick={copy}>
        <Copy className="size-4" aria-hidden="true" />
        {copied ? _('checkout.copied') : _('checkout.copy')}
      </Button>
      <p role="status" className="mt-1 text-xs text-muted-foreground">
        {copied === false ? _('checkout.copyBlocked') : ''}
      </p>
    </div>
  );
}

function Message({ title, text }: { title: string; text: string }) {
  const _ = useT();
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{text}</p>
      <Link href={homeHref} className={buttonClasses('primary', 'md', 'mt-6')}>
        {_('common.backHome')}
      </Link>
    </main>
  );
}
