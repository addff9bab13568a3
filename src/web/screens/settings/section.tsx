import { PageSpinner } from '../../components/page-spinner';
import { useEmployee } from '../../features/auth/admin';
import type { SectionProps } from '../../lib/admin-section';
import { ActivityCard } from '../../features/activity';
import { ApplicationsCard, CreateApplicationCard } from '../../features/applications';
import { BillingClockCard } from '../../features/billing/admin';
import { EmployeesCard } from '../../features/employees';
import { PlansCard } from '../../features/plans/admin';
import { PortfolioCard } from '../../features/portfolio/admin';
import { TwoFactorCard } from '../../features/auth/admin';

/** Settings: your own sign-in, the team (owners), applications, the portfolio, plans, test mode's billing clock (owners) and the activity log. */
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
      {me.data.role === 'owner' && <BillingClockCard />}
      <ActivityCard />
    </div>
  );
}
