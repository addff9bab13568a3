import { TwoFactorCard } from '../../features/auth/admin';
import type { SettingsPageProps } from './pages';

/** Settings → Security: the employee's own two-factor sign-in. */
export default function SecuritySettings({ me }: SettingsPageProps) {
  return <TwoFactorCard enabled={me.twoFactorEnabled} />;
}
