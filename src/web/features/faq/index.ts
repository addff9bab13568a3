/** The landing page's FAQ; its editing in settings is in ./admin. */
export { FAQ_KEY, useFaq } from './api';
export { default as FaqSection } from './faq-section';
