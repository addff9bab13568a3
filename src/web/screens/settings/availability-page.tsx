import { AvailabilityCard } from '../../features/consultations/admin';
import type { SettingsPageProps } from './pages';

/** Settings → Availability: the employee's consultation hours, and the shared booking settings. */
export default function AvailabilitySettings({ me }: SettingsPageProps) {
  return <AvailabilityCard owner={me.role === 'owner'} />;
}
