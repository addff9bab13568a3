import { OnCallCard } from '../../features/support/admin';
import type { SettingsPageProps } from './pages';

/** Settings → On call: the weekly rotation of who hears of urgent requests first. */
export default function OnCallSettings({ me }: SettingsPageProps) {
  return <OnCallCard owner={me.role === 'owner'} />;
}
