/** Paying for a plan: what the checkout and payment-success screens compose. */
export { paymentStatus, successUrl, usePaymentIntent } from './api';
export { CheckoutSteps } from './checkout-steps';
export { PaymentForm, PaymentFormSkeleton } from './payment-form';
