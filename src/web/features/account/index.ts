/** The client's billing page; the router loads account-page.tsx by file (a lazy chunk). */
export { previewSentence } from './change-plan';
