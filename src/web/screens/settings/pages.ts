import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { CurrentEmployee } from '../../../contract/employees/employees';
import type { SettingsPage } from '../../../contract/site/routes';

export interface SettingsPageProps {
  me: CurrentEmployee;
}

interface PageInfo {
  /** The navigation's name for it, also in the document title ('Portfolio · Settings · Admin · {product}'). */
  label: string;
  /** Shown to owners only (the server refuses the rest anyway). */
  ownersOnly?: true;
  component: LazyExoticComponent<ComponentType<SettingsPageProps>>;
}

/** The settings pages (docs/product.md §11), each at /settings/{page} and loaded by file when first shown. */
export const SETTINGS_PAGE_INFO: Record<SettingsPage, PageInfo> = {
  applications: { label: 'Applications', component: lazy(() => import('./applications-page')) },
  portfolio: { label: 'Portfolio', component: lazy(() => import('./portfolio-page')) },
  plans: { label: 'Plans', component: lazy(() => import('./plans-page')) },
  employees: {
    label: 'Employees',
    ownersOnly: true,
    component: lazy(() => import('./employees-page')),
  },
  security: { label: 'Security', component: lazy(() => import('./security-page')) },
  availability: { label: 'Availability', component: lazy(() => import('./availability-page')) },
  activity: { label: 'Activity log', component: lazy(() => import('./activity-page')) },
  'billing-clock': {
    label: 'Billing test clock',
    ownersOnly: true,
    component: lazy(() => import('./billing-clock-page')),
  },
  'support-hours': {
    label: 'Support hours',
    component: lazy(() => import('./support-hours-page')),
  },
  'on-call': { label: 'On call', component: lazy(() => import('./on-call-page')) },
  'saved-replies': {
    label: 'Saved replies',
    component: lazy(() => import('./saved-replies-page')),
  },
};
