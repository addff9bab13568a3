import { SupportHoursCard } from '../../features/support/admin';
import type { SettingsPageProps } from './pages';

/** Settings → Support hours: business days, hours and holidays, and the first-response targets. */
export default function SupportHoursSettings({ me }: SettingsPageProps) {
  return <SupportHoursCard owner={me.role === 'owner'} />;
}
