import { PageSpinner } from '../../components/page-spinner';
import { useEmployee } from '../admin/api';
import type { SectionProps } from '../admin/sections';
import { ActivityCard } from './activity-card';
import { EmployeesCard } from './employees-card';
import { PortfolioList } from './portfolio-list';
import { TwoFactorCard } from './two-factor-card';

/** Settings: your own sign-in, the team (owners), the portfolio and the activity log. */
export default function SettingsSection({ focus }: SectionProps) {
  const me = useEmployee();
  if (!me.data) return <PageSpinner />;
  return (
    <div className="grid gap-6">
      <TwoFactorCard enabled={me.data.twoFactorEnabled} />
      {me.data.role === 'owner' && <EmployeesCard selfId={me.data.id} />}
      <PortfolioList focused={focus === 'portfolio'} />
      <ActivityCard />
    </div>
  );
}
