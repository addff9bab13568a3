import { ShieldCheck } from 'lucide-react';
import { Link, Redirect, useParams } from 'wouter';
import { formatDollars, renewalNote } from '../../../contract/plans';
import { PlanFeatures } from '../../components/plan-features';
import { PageSpinner } from '../../components/page-spinner';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/api';
import { readPendingRegistration } from '../../lib/pending-registration';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePlans } from '../landing/api';

/**
 * The plan the visitor registered for. Card payment arrives with the payments issue; until then
 * this page says plainly that no payment is taken online.
 */
export default function CheckoutPage() {
  const { planName } = useParams<{ planName: string }>();
  const { data: plans, isPending, error } = usePlans();
  useDocumentTitle('Checkout');
  if (!planName) return <Redirect to="/" />;
  if (isPending) return <PageSpinner label="Loading your plan…" />;
  if (error) return <Message title="We could not load the plans." text={errorMessage(error, 'Please try again.')} />;
  const plan = plans.find((p) => p.name === planName);
  if (!plan) return <Message title="Plan Not Found" text="The selected plan could not be found." />;
  const note = renewalNote(plan);
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <Badge variant="red">
        <ShieldCheck className="size-4" aria-hidden="true" />
        Veteran owned Business
      </Badge>
      <h1 className="mt-4 text-3xl font-bold">{plan.displayName}</h1>
      <p className="mt-2 text-muted-foreground">{plan.description}</p>
      <Card className="mt-6 p-6">
        <p>
          <span className="text-3xl font-extrabold">${formatDollars(plan.price)}</span>
          <span className="text-muted-foreground">/{plan.billingCycle}</span>
        </p>
        {note && <p className="mt-1 text-sm text-muted-foreground">{note}</p>}
        <PlanFeatures features={plan.features} className="mt-4 grid gap-2 text-sm" />
      </Card>
      {readPendingRegistration()?.planName === plan.name ? (
        <p role="note" className="mt-6 rounded-lg border border-border bg-muted p-4 text-sm">
          Online card payment is not open yet. Your registration is saved; our team will contact you to complete payment,
          or write to <a className="underline" href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
        </p>
      ) : (
        <p role="note" className="mt-6 rounded-lg border border-border bg-muted p-4 text-sm">
          To take this plan, first <a className="underline" href="/#register">register your business</a> on our home page.
        </p>
      )}
      <Link href="/" className={buttonClasses('outline', 'md', 'mt-6')}>
        Back to Home
      </Link>
    </main>
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
