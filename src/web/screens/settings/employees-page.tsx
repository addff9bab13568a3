import { EmployeesCard } from '../../features/employees';
import type { SettingsPageProps } from './pages';

/** Settings → Employees (owners; the settings screen keeps others out). */
export default function EmployeesSettings({ me }: SettingsPageProps) {
  return <EmployeesCard selfId={me.id} />;
}
