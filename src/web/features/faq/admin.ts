/** What the admin area needs of the FAQ; kept out of the index so the landing page never loads it. */
export { FaqCard } from './faq-card';
