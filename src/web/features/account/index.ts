/** The client's billing page: what screens/account composes, and the plan-change sentence. */
export { useAccount, useAccountInvoice, useRedeemLink, useSignOut } from './api';
export { InvoiceDocument } from './invoices';
export { UpdateCardDialog } from './actions';
export { AccountView } from './account-view';
export { previewSentence } from './change-plan';
export { OpenLink, SignInForm } from './sign-in-form';
