/** Business registration: the landing page's form and the registration kept until payment. */
export { RegistrationSection } from './registration-form';
export { clearPendingRegistration, readPendingRegistration, usePendingRegistrationId, type PendingRegistration } from './pending-registration';
