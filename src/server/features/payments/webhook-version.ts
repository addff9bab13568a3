import type { WrongApiVersionError } from '../../adapters/payments/types.js';

/** What /readyz says about Stripe's webhooks: whether events of another API version arrived since start-up. */
export type WebhookVersionState =
  | { status: 'ok' }
  | {
      status: 'wrong_api_version';
      message: string;
      expected: string;
      received: string | null;
      refused: number;
      lastEventId: string;
      lastEventType: string;
      lastAt: string;
    };

/**
 * Remembers webhook events refused for their API version (docs/decisions/024): the route logs each
 * at error level, and /readyz shows the last one and how many, until the process restarts.
 */
export function createWebhookVersionWatch() {
  let state: WebhookVersionState = { status: 'ok' };
  return {
    refused(error: WrongApiVersionError, at = new Date()) {
      state = {
        status: 'wrong_api_version',
        message: `Stripe sends webhook events in API version ${error.apiVersion ?? 'unknown'}; this server reads only ${error.expectedVersion}. They are refused (Stripe retries them): create the webhook endpoint with --api-version ${error.expectedVersion} (README, Payments).`,
        expected: error.expectedVersion,
        received: error.apiVersion,
        refused: (state.status === 'wrong_api_version' ? state.refused : 0) + 1,
        lastEventId: error.eventId,
        lastEventType: error.eventType,
        lastAt: at.toISOString(),
      };
    },
    state: (): WebhookVersionState => state,
  };
}
export type WebhookVersionWatch = ReturnType<typeof createWebhookVersionWatch>;
