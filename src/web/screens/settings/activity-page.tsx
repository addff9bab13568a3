import { ActivityCard } from '../../features/activity';

/** Settings → Activity log: who did what, newest first. */
export default function ActivitySettings() {
  return <ActivityCard />;
}
