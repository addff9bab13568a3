/**
 * The errors a client (a visitor, a paying client on their billing page) can meet, each with a
 * stable code. The answer carries the English `message` for API users and logs; a page shows the
 * message of the code in its own language, from the `errors` catalogs (src/locales/{locale}/errors.po,
 * ids `api.<code>`), filled in with `params`. The server writes its English message from the same
 * catalog, so there is one text per code and language (docs/decisions/035).
 */
/** Stripe's decline codes this product words itself; any other decline is a plain 'card_declined'. */
const DECLINE_CODES = [
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'processing_error',
  'card_velocity_exceeded',
  'authentication_required',
  'payment_intent_authentication_failure',
] as const;

export const ERROR_CODES = [
  // Any request
  'server_error',
  'database_unavailable',
  'not_found',
  'too_many_requests',
  'cross_site',
  'invalid_json',
  'empty_body',
  'body_too_large',
  'media_type',
  'validation',
  // Field issues (beside a field)
  'field_required',
  'field_too_long',
  'field_email',
  'field_choose',
  'field_web_address',
  'field_invalid',
  // Card declines, by Stripe's codes (decline_code, else the error's code)
  'card_declined',
  ...DECLINE_CODES,
  // Checkout
  'payment_not_found',
  'not_registered',
  'plan_not_found',
  'amount_mismatch',
  'registration_not_found',
  'registration_already_paid',
  'payment_not_started',
  'test_payments_off',
  'payment_cancelled',
  'payment_not_waiting',
  // The billing page
  'billing_signed_out',
  'business_not_found',
  'business_has_plan',
  'invoice_not_found',
  'billing_link_invalid',
  'no_subscription',
  'stripe_saves_cards',
  'test_mode_card_form',
  'no_card_to_update',
  'reason_too_long',
  'already_ending',
  'nothing_to_undo',
  'billing_payment_not_found',
  'still_waiting',
  'plan_change_gone',
  'outcome_required',
  'change_failed',
  'stripe_not_connected',
  'card_setup_not_yours',
  'card_not_confirmed',
  'payment_not_yours',
  'plan_change_not_allowed',
  'already_on_plan',
  // Onboarding (the billing page's 'Tell us about your business')
  'field_colour',
  'field_domain',
  'onboarding_conflict',
  'onboarding_submitted',
  'onboarding_incomplete',
  'onboarding_file_not_found',
  'onboarding_too_many_photos',
  'image_too_large',
  'image_type',
  'image_unreadable',
  // The client's project
  'milestone_not_found',
  'review_not_waiting',
  'project_archived',
  'deliverable_too_large',
  'deliverable_type',
  'deliverable_unreadable',
  'deliverable_not_found',
  // The consultation (issue 29 §2)
  'consultation_slot_taken',
  'consultation_slot_unavailable',
  'consultation_exists',
  'consultation_not_found',
  'consultation_too_late',
  'consultation_no_subscription',
  // Support (issue 30)
  'support_request_not_found',
  'support_attachment_not_found',
  'support_attachment_type',
  'support_attachment_too_large',
  'support_attachment_unknown',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The values a code's message is filled in with. */
export type ErrorParams = Record<string, string | number>;

/** One field's problem: its English message, and its code to show it in the page's language. */
export interface FieldIssue {
  field: string;
  message: string;
  code?: string;
  params?: ErrorParams;
}

/** Every error answer under /api (docs/product.md §12: HTTP conventions). */
export interface ApiErrorBody {
  message: string;
  code?: ErrorCode;
  params?: ErrorParams;
  issues?: FieldIssue[];
}

/** The catalog id of a code's message. */
export const errorMessageId = (code: string) => `api.${code}`;

const DECLINES = new Set<string>(DECLINE_CODES);

/**
 * The code of a card decline from Stripe's error: its `decline_code`, else its `code`. Lost, stolen
 * or 'fraudulent' cards read as a plain decline, as Stripe advises (the card holder may not be the
 * one paying).
 */
export function declineCode(error?: { code?: string | null; decline_code?: string | null } | null) {
  for (const candidate of [error?.decline_code, error?.code])
    if (candidate && DECLINES.has(candidate)) return candidate as ErrorCode;
  return 'card_declined' satisfies ErrorCode;
}
