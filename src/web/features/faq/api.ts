import { useQuery } from '@tanstack/react-query';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { listFaq } from '../../../contract/faq/faq';

// An endpoint without parameters or query: its URL is its path (what apiUrl answers).
export const FAQ_KEY = [listFaq.path];

/** The landing page's questions (the server renders the page with them). */
export const useFaq = () => useQuery<OutputOf<typeof listFaq>>({ queryKey: FAQ_KEY });
