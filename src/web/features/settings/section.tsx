import type { SectionProps } from '../admin/sections';

export default function SettingsSection(_props: SectionProps) {
  return <p className="text-muted-foreground">Settings</p>;
}
