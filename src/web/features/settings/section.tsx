import { PageSpinner } from '../../components/page-spinner';
import { useEmployee } from '../admin/api';
import type { SectionProps } from '../admin/sections';
import { ActivityCard } from './activity-card';
import { ApplicationsCard, CreateApplicationCard } from './applications-card';
import { EmployeesCard } from './employees-card';
import { PlansCard } from './plans-card';
import { PortfolioCard } from './portfolio-card';
import { TwoFactorCard } from './two-factor-card';

/** Settings: your own sign-in, the team (owners), applications, the portfolio, plans and the activity log. */
export default function SettingsSection({ focus }: SectionProps) {
  const me = useEmployee();
  if (!me.data) return <PageSpinner />;
  return (
    <div className="flex flex-col gap-6">
      <TwoFactorCard enabled={me.data.twoFactorEnabled} />
      {me.data.role === 'owner' && <EmployeesCard selfId={me.data.id} />}
      <CreateApplicationCard />
      <ApplicationsCard />
      <PortfolioCard focused={focus === 'portfolio'} />
      <PlansCard />
      <ActivityCard />
    </div>
  );
}
