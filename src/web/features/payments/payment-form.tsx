import { lazy, Suspense } from 'react';
import type { CreatePaymentIntentResult } from '../../../contract/payments/payments';
import { Skeleton } from '../../components/ui/skeleton';

export interface PaymentFormProps {
  clientSecret: string;
  publishableKey: string | null;
  /** 'Pay $299.00' */
  payLabel: string;
  /** The provider accepted the payment (`succeeded`) or is still working on it (`processing`). */
  onPaid(paymentIntentId: string, status: string): void;
  onFailed(message: string): void;
}

// Stripe.js is fetched only on checkout and only when Stripe takes the payments.
const TestCardForm = lazy(() => import('./test-card-form'));
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

export function PaymentForm({
  intent,
  ...props
}: Omit<PaymentFormProps, 'clientSecret' | 'publishableKey'> & {
  intent: CreatePaymentIntentResult;
}) {
  const Form = intent.provider === 'stripe' ? StripePaymentForm : TestCardForm;
  return (
    <Suspense fallback={<PaymentFormSkeleton />}>
      <Form clientSecret={intent.clientSecret} publishableKey={intent.publishableKey} {...props} />
    </Suspense>
  );
}

export function PaymentFormSkeleton() {
  return (
    <div className="grid gap-4" aria-hidden="true">
      <Skeleton className="h-16" />
      <Skeleton className="h-11" />
      <div className="grid grid-cols-2 gap-4">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
      <Skeleton className="h-12" />
    </div>
  );
}
