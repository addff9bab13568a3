import type { SettingsPage } from '../../contract/site/routes';

/** What the admin shell gives each section it shows. */
export interface SectionProps {
  /** Settings only: the page to show, from the URL (`/settings/portfolio`, or the old `/settings#portfolio`). */
  page?: SettingsPage;
}
