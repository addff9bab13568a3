/** Employee sign-in, what the public site needs: whether a visitor is a signed-in employee. */
export { useSignedInEmployee } from './api';
