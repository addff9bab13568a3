import { AppWindow, Building2, Search, Settings, Users, type LucideIcon } from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface SectionProps {
  /** The part of the section to show first, from the URL (`/settings#portfolio` → 'portfolio'). */
  focus?: string;
}

interface Section {
  id: string;
  label: string;
  icon: LucideIcon;
  component: LazyExoticComponent<ComponentType<SectionProps>>;
}

/** The admin sections, chosen by id (spec section 2) and deep-linkable as /admin#id. */
export const SECTIONS = [
  { id: 'search', label: 'Business Search', icon: Search, component: lazy(() => import('../search/section')) },
  { id: 'apps', label: 'Applications', icon: AppWindow, component: lazy(() => import('../applications/section')) },
  { id: 'investors', label: 'Investors', icon: Building2, component: lazy(() => import('../investors/section')) },
  { id: 'clients', label: 'Clients', icon: Users, component: lazy(() => import('../clients/section')) },
  { id: 'settings', label: 'Settings', icon: Settings, component: lazy(() => import('../settings/section')) },
] as const satisfies readonly Section[];
export type SectionId = (typeof SECTIONS)[number]['id'];
