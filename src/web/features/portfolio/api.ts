import { useQuery } from '@tanstack/react-query';
import type { PortfolioItem } from '../../../contract/portfolio';

export const usePortfolio = () => useQuery<PortfolioItem[]>({ queryKey: ['/api/portfolio'] });
