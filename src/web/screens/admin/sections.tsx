import { AppWindow, Building2, Search, Settings, Users, type LucideIcon } from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SectionProps } from '../../lib/admin-section';

interface Section {
  id: string;
  label: string;
  icon: LucideIcon;
  component: LazyExoticComponent<ComponentType<SectionProps>>;
}

/** The admin sections, chosen by id (docs/product.md §2) and deep-linkable as /admin#id. */
export const SECTIONS = [
  { id: 'search', label: 'Business Search', icon: Search, component: lazy(() => import('../../features/leads/section')) },
  { id: 'apps', label: 'Applications', icon: AppWindow, component: lazy(() => import('../../features/applications/section')) },
  { id: 'investors', label: 'Investors', icon: Building2, component: lazy(() => import('../../features/investors/section')) },
  { id: 'clients', label: 'Clients', icon: Users, component: lazy(() => import('../../features/clients/section')) },
  { id: 'settings', label: 'Settings', icon: Settings, component: lazy(() => import('../settings/section')) },
] as const satisfies readonly Section[];
export type SectionId = (typeof SECTIONS)[number]['id'];
