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
/** The billing page's 'Add another business' form, with the registration form's words. */
export const AnotherBusinessForm = lazy(() =>
  withMessages(['register'], import('./another-business')).then((m) => ({
    default: m.AnotherBusinessForm,
  })),
);
export {
  clearPendingRegistration,
  readPendingRegistration,
  usePendingRegistrationId,
  type PendingRegistration,
} from './pending-registration';
