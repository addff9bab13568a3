/** Business registration: the landing page's form and the registration kept until payment. */
import { lazy } from 'react';
import { withMessages } from '../../lib/i18n';

/**
 * The registration form, loaded after the page's first script with its words (register.po): the
 * server sends its HTML, and React hydrates it when both arrive (the landing page's initial JS
 * stays within budget).
 */
export const RegistrationSection = lazy(() =>
  withMessages(['register'], import('./registration-form')).then((m) => ({
    default: m.RegistrationSection,
  })),
);
export {
  clearPendingRegistration,
  readPendingRegistration,
  usePendingRegistrationId,
  type PendingRegistration,
} from './pending-registration';
