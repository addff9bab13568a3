import { useQuery } from '@tanstack/react-query';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { listPortfolio } from '../../../contract/portfolio/portfolio';

// An endpoint without parameters or query: its URL is its path (what apiUrl answers).
export const usePortfolio = () =>
  useQuery<OutputOf<typeof listPortfolio>>({ queryKey: [listPortfolio.path] });
