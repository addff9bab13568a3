import { ApplicationsCard, CreateApplicationCard } from '../../features/applications';

/** Settings → Applications: create one, and the list with each one's details. */
export default function ApplicationsSettings() {
  return (
    <div className="flex flex-col gap-6">
      <CreateApplicationCard />
      <ApplicationsCard />
    </div>
  );
}
