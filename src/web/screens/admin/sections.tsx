import {
  AppWindow,
  Building2,
  KanbanSquare,
  LifeBuoy,
  Search,
  Settings,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SectionProps } from '../../lib/admin-section';
import { site } from '../../lib/site';
import type { SectionId } from './location';

export interface Section {
  id: SectionId;
  /** The sidebar's name for it, also in the document title ('Business Search · Admin · {product}'). */
  label: string;
  /** The section's one heading, the page's h1 (docs/product.md §2 names most of them). */
  title: () => string;
  icon: LucideIcon;
  component: LazyExoticComponent<ComponentType<SectionProps>>;
}

/** The admin sections, chosen by id (docs/product.md §2) and deep-linkable as /admin#id. */
export const SECTIONS = [
  {
    id: 'search',
    label: 'Business Search',
    title: () => 'Local Business Search',
    icon: Search,
    component: lazy(() => import('../../features/leads/section')),
  },
  {
    id: 'apps',
    label: 'Applications',
    title: () => `${site.name} Applications`,
    icon: AppWindow,
    component: lazy(() => import('../../features/applications/section')),
  },
  {
    id: 'investors',
    label: 'Investors',
    title: () => 'LinkedIn Investor Directory',
    icon: Building2,
    component: lazy(() => import('../../features/investors/section')),
  },
  {
    id: 'clients',
    label: 'Clients',
    title: () => 'Clients',
    icon: Users,
    component: lazy(() => import('../../features/clients/section')),
  },
  {
    id: 'new-clients',
    label: 'New clients',
    title: () => 'New clients',
    icon: UserPlus,
    component: lazy(() => import('../../features/kickoff/section')),
  },
  {
    id: 'projects',
    label: 'Projects',
    title: () => 'Projects',
    icon: KanbanSquare,
    component: lazy(() => import('../../features/projects/section')),
  },
  {
    id: 'support',
    label: 'Support',
    title: () => 'Support',
    icon: LifeBuoy,
    component: lazy(() => import('../../features/support/admin-section')),
  },
  {
    id: 'settings',
    label: 'Settings',
    title: () => 'Settings',
    icon: Settings,
    component: lazy(() => import('../settings/section')),
  },
] as const satisfies readonly Section[];
