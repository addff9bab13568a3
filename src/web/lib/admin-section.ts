/** What the admin shell gives each section it shows. */
export interface SectionProps {
  /** The part of the section to show first, from the URL (`/settings#portfolio` → 'portfolio'). */
  focus?: string;
}
