/** Business registration: the landing page's form and the registration kept until payment. */
import { lazy } from 'react';

/**
 * The registration form, loaded after the page's first script: the server sends its HTML, and
 * React hydrates it when this chunk arrives (the landing page's initial JS stays within budget).
 */
export const RegistrationSection = lazy(() =>
  import('./registration-form').then((m) => ({ default: m.RegistrationSection })),
);
export {
  clearPendingRegistration,
  readPendingRegistration,
  usePendingRegistrationId,
  type PendingRegistration,
} from './pending-registration';
