import { SavedRepliesCard } from '../../features/support/admin';
import type { SettingsPageProps } from './pages';

/** Settings → Saved replies: the team's frequent answers in English and Spanish. */
export default function SavedRepliesSettings(_props: SettingsPageProps) {
  return <SavedRepliesCard />;
}
